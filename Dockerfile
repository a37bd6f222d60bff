# Production image: the built storefront plus the API, served by uvicorn on port 8000.
FROM node:20-bookworm-slim AS webapp
WORKDIR /src/webapp
COPY webapp/package.json webapp/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY webapp/ ./
RUN npm run build

FROM python:3.11-slim-bookworm
WORKDIR /app
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DATA_DIR=/data
COPY requirements.lock pyproject.toml alembic.ini ./
RUN pip install --no-cache-dir -r requirements.lock
COPY services/ services/
COPY migrations/ migrations/
RUN pip install --no-cache-dir --no-deps .
COPY --from=webapp /src/webapp/dist webapp/dist
ENV WEBAPP_DIST=/app/webapp/dist
EXPOSE 8000
CMD ["sh", "-c", "python -m services.api.cli migrate && python -m services.api.cli seed && python -m services.api.cli serve --host 0.0.0.0 --port 8000"]

"""Command line: ``python -m services.api.cli <command>`` (or ``shop <command>`` when installed).

Commands: ``migrate``, ``seed`` (demo catalogue, idempotent; demo staff when ``DEMO_STAFF_PASSWORD``
is set), ``seed-history [--visits N] [--days D] [--seed S] [--force | --if-empty]`` (simulated
shoppers' carts and orders in the past, for the analytics demo),
``create-staff EMAIL --role admin|reviewer|support|analyst``, ``import-woocommerce FILE [--update] [--dry-run]``,
``send-newsletter --subject S --text FILE [--html FILE] [--tag T]``,
``serve``, ``project [--partition I]`` (follow the cart log into the read models, foreground),
``migrate-partitions`` (the event store's tables in every ``CART_PARTITION_URLS`` database),
``rebuild-projections``, ``projections status``, ``projections rebuild NAME`` (one read model, with
a progress bar), ``create-analyst-role ROLE [--password-env VAR]`` (PostgreSQL: a role that reads
only the analytics read models), ``support-replay REF [--version N] [--json]`` (a cart's timeline), ``deliver-mail`` (send queued SMTP mail), ``erase-personal-data
ORDER_ID | --email ADDRESS`` and ``openapi [--out FILE]`` (the API's OpenAPI document). Every command uses the configured database (``DATABASE_URL``, default the embedded
SQLite file).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

import typer

app = typer.Typer(no_args_is_help=True, add_completion=False, help="HALVARD shop management commands.")


@app.command()
def migrate(revision: str = typer.Argument("head", help="Alembic revision to migrate to.")) -> None:
    """Migrate the configured database up to REVISION (default head): every table, the cart
    event store's too (migration 0020), so no server ever creates one. Connects to
    ``DIRECT_DATABASE_URL`` when set (not through PgBouncer)."""
    from services.api.bootstrap import migrate as migrate_database
    from services.shared.settings import use_direct_database

    use_direct_database()
    migrate_database(revision=revision)
    typer.echo(f"database migrated to {revision}; event store ready")


@app.command()
def seed() -> None:
    """Load the demo catalogue (idempotent: running it again changes nothing); with
    ``DEMO_STAFF_PASSWORD`` set, also the demo staff accounts (``services/staff/seed.py``)."""
    from services.catalog.demo import seed_demo
    from services.checkout.demo import seed_shipping
    from services.shared.db import session_scope

    with session_scope() as session:
        report = seed_demo(session)
        report.update(seed_shipping(session))  # demo shipping zones and flat rates (checkout)
    typer.echo("demo catalogue loaded: " + ", ".join(f"{k}={v}" for k, v in report.items()))
    _seed_demo_staff()


def _seed_demo_staff() -> None:
    """Demo staff (admin@, reviewer@, support@ and analyst@halvard.gg) only when
    ``DEMO_STAFF_PASSWORD`` is set."""
    from services.shared.db import session_scope
    from services.shared.errors import DomainError
    from services.shared.settings import get_settings
    from services.staff.seed import DEMO_STAFF, seed_demo_staff

    password = get_settings().cli.demo_staff_password.get_secret_value()
    if not password:
        return
    try:
        with session_scope() as session:
            report = seed_demo_staff(session, password)
    except DomainError as exc:
        typer.echo(f"demo staff not created: {exc.message}", err=True)
        raise typer.Exit(code=1) from None
    names = ", ".join(email for email, _ in DEMO_STAFF)
    typer.echo(f"demo staff ready: {names} (changed={report['staff_users']})")


@app.command("seed-history")
def seed_history(
    visits: int = typer.Option(2000, "--visits", min=1, help="Simulated shopper visits."),
    days: int = typer.Option(90, "--days", min=2, help="Spread over this many days before now."),
    seed: int = typer.Option(1, "--seed", help="Random seed (the same seed gives the same history)."),
    force: bool = typer.Option(False, "--force", help="Add history even when the cart log holds events."),
    if_empty: bool = typer.Option(
        False, "--if-empty", help="Do nothing (exit 0) when the cart log already holds events."
    ),
) -> None:
    """Give the demo shop a past: VISITS simulated shoppers over the last DAYS days, through the
    real cart and checkout code (``services/analytics/demo_history.py``; run ``seed`` first).
    Refuses with exit code 2 when the cart log already holds events (history would mix with
    real carts) unless ``--force``; ``--if-empty`` skips quietly instead (``run-shop.sh``)."""
    from services.analytics.demo_history import generate_history
    from services.cart.deps import get_cart_app

    app_ = get_cart_app()
    try:
        held = app_.recorder.max_notification_id() or 0
        if held and not force:
            if if_empty:
                typer.echo(f"seed-history: the cart log holds {held} events; no history added")
                return
            typer.echo(
                f"seed-history: the cart log already holds {held} events; refusing to add simulated "
                "history to it (use --force to add it anyway)",
                err=True,
            )
            raise typer.Exit(code=2)
        try:
            report = generate_history(visits=visits, days=days, seed=seed, progress=True)
        except ValueError as exc:
            typer.echo(f"seed-history: {exc}", err=True)
            raise typer.Exit(code=2) from None
    finally:
        app_.close()
        get_cart_app.cache_clear()  # type: ignore[attr-defined]
    typer.echo("demo history added: " + ", ".join(f"{k}={v}" for k, v in report.items()))


@app.command("create-staff")
def create_staff(
    email: str = typer.Argument(..., help="The staff user's email (stored lower-case)."),
    role: str = typer.Option(..., "--role", help="admin, reviewer, support or analyst"),
) -> None:
    """Create a staff user (docs/spec.md section 6). The password comes from ``STAFF_PASSWORD`` or a
    hidden prompt (asked twice); it is stored only as an argon2id hash. Exit code 1 for a bad
    email, role or password (8..1024 characters) or an existing user."""
    from services.shared.db import session_scope
    from services.shared.errors import DomainError
    from services.shared.settings import get_settings
    from services.staff.service import create_staff_user

    password = get_settings().cli.staff_password.get_secret_value() or typer.prompt(
        "Password", hide_input=True, confirmation_prompt=True
    )
    try:
        with session_scope() as session:
            user = create_staff_user(session, email, password, role)
    except DomainError as exc:
        typer.echo(exc.message, err=True)
        raise typer.Exit(code=1) from None
    typer.echo(f"staff user {user.email} ({user.role.value}) created")


@app.command("import-woocommerce")
def import_woocommerce(
    csv_file: Path = typer.Argument(..., exists=True, dir_okay=False),
    update: bool = typer.Option(
        False, "--update", help="Update products whose ID or SKU is already in the shop."
    ),
    dry_run: bool = typer.Option(
        False, "--dry-run", help="Validate and list what would happen; write nothing."
    ),
    batch_size: int = typer.Option(250, "--batch-size", min=1, help="Rows per transaction."),
    timezone: str = typer.Option("UTC", "--timezone", help="Time zone of sale dates without an offset."),
    pause: float | None = typer.Option(
        None, "--pause", min=0, help="Seconds between batches (default 0.1 on SQLite, 0 on PostgreSQL)."
    ),
) -> None:
    """Import a product CSV in WooCommerce's exporter format (docs/spec.md section 3.1).

    Rows whose ID or SKU is already in the shop are refused unless ``--update``; bad rows are
    reported by line and skipped; columns the shop does not use are listed as warnings.
    ``--dry-run`` prints the per-line plan (create, update, refuse) and writes nothing. Rows are
    committed every ``--batch-size`` rows, so the shop keeps serving; a progress bar is shown
    when stdout is a terminal. Exit status 1 when any row was refused."""
    import sys
    from functools import partial
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    from rich.progress import Progress

    from services.catalog.importer.csvfile import read_rows
    from services.catalog.importer.woocommerce import import_products_csv
    from services.shared.db import get_sessionmaker

    try:
        zone = ZoneInfo(timezone)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise typer.BadParameter(f"unknown time zone {timezone!r}", param_hint="--timezone") from exc
    session = get_sessionmaker()()
    try:
        run = partial(
            import_products_csv,
            session,
            csv_file,
            update=update,
            dry_run=dry_run,
            batch_size=batch_size,
            zone=zone,
            pause=pause,
        )
        if sys.stdout.isatty():
            with Progress(transient=True) as bar:
                task = bar.add_task("importing", total=len(read_rows(csv_file)[1]))
                report = run(progress=lambda n: bar.advance(task, n))
        else:
            report = run()
    finally:
        session.close()
    typer.echo(report.summary())
    if dry_run:
        typer.echo(report.listing())
    for line, message in report.errors:
        typer.echo(f"line {line}: {message}", err=True)
    if report.errors:
        raise typer.Exit(code=1)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1"), port: int = typer.Option(8000), reload: bool = typer.Option(False)
) -> None:
    """Run the shop (API and built storefront) with uvicorn.

    Proxy headers (docs/operations.md, Security): uvicorn reads ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` only with ``TRUST_PROXY_HEADERS=1``, and then only from the peers in
    ``FORWARDED_ALLOW_IPS``; by default it ignores them (a client on 127.0.0.1 cannot pose as
    another address).

    Links in mails (``SHOP_URL``) follow ``--host`` and ``--port`` unless ``SHOP_URL`` is set
    (``settings.follow_serve_address``)."""
    import uvicorn

    from services.shared.settings import follow_serve_address, get_settings

    follow_serve_address(host, port)  # links in mails point here unless SHOP_URL says otherwise
    settings = get_settings()
    uvicorn.run(
        "services.api.main:app",
        host=host,
        port=port,
        reload=reload,
        proxy_headers=settings.trust_proxy_headers,
        forwarded_allow_ips=settings.forwarded_allow_ips,
    )


def _follow_partition(partition: int | None) -> None:
    """Make this process (and the processes it spawns) follow partition ``partition``'s log
    (``CART_PARTITION``; ``services/cart/partitions.py``); exit code 2 for an index that
    ``CART_PARTITION_URLS`` does not have, or for none chosen when it lists several."""
    from services.cart.partitions import _pick
    from services.shared.settings import follow_partition, get_settings

    count = len(get_settings().cart_partitions)
    if partition is None and not count:
        return
    if count == 0:
        typer.echo(f"--partition {partition}: CART_PARTITION_URLS is empty", err=True)
        raise typer.Exit(2)
    try:
        chosen = _pick(count, partition)
    except ValueError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2) from None
    follow_partition(chosen)


def _each_partition() -> list[int | None]:
    """The partitions a whole-log command goes through: ``[None]`` (the single store, or one
    partition) or every index of ``CART_PARTITION_URLS`` when it lists several."""
    from services.shared.settings import get_settings

    count = len(get_settings().cart_partitions)
    if count <= 1:
        return [None]
    return list(range(count))


@app.command("migrate-partitions")
def migrate_partitions() -> None:
    """Create the cart event store's tables in every database of ``CART_PARTITION_URLS`` with
    migration 0020's own DDL (idempotent; run it with ``migrate``, before the processes start,
    which never create tables). Exit code 2 when no partitions are configured."""
    from services.cart.partitions import migrate_partitions as migrate_all
    from services.shared.settings import get_settings

    try:
        lines = migrate_all(get_settings())
    except ValueError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2) from None
    for line in lines:
        typer.echo(line)


PARTITION_OPTION = typer.Option(
    None, "--partition", min=0, help="With CART_PARTITION_URLS: the partition (0..N-1) whose log to follow."
)


@app.command()
def project(partition: int | None = PARTITION_OPTION) -> None:
    """Follow the cart event log into every read model until Ctrl-C / SIGTERM: ``cart_current``
    (this thread), the support index (a thread) and the analytics read models (a process of
    their own, stopped with this one: ``follow_in_own_process``). Run with
    ``RUN_PROJECTIONS=false`` on the API processes, or beside them: a batch is never applied
    twice (docs/operations.md, "Analytics"). This is the projection worker: run M of them
    beside N API processes (docs/operations.md, "Processes"); it connects to
    ``DIRECT_DATABASE_URL`` when set (LISTEN does not work through PgBouncer). With
    ``CART_PARTITION_URLS`` listing several databases, ``--partition I`` picks the log to follow
    (run workers for every partition; read models go to ``DATABASE_URL``)."""
    import multiprocessing
    import signal
    import threading

    from services.analytics.projection import follow_in_own_process
    from services.cart.projection import build_projector
    from services.shared.gc_tuning import freeze_startup_heap
    from services.shared.settings import use_direct_database
    from services.support.projection import build_support_projector

    use_direct_database()  # before any engine or the cart application is built
    _follow_partition(partition)  # with CART_PARTITION_URLS: one partition's log (and its analytics)
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    projector = build_projector()
    support = build_support_projector()
    analytics = multiprocessing.get_context("spawn").Process(target=follow_in_own_process, name="analytics")
    analytics.start()
    freeze_startup_heap()  # full collections skip the start-up heap (services/shared/gc_tuning.py)
    mode = "notifications" if projector.uses_notifications else "pull"
    typer.echo(f"cart_current: following the log ({mode}) from notification {projector.position}")
    typer.echo(f"support_index: following the log ({mode}) from notification {support.position}")
    support.start()
    try:
        projector.run_forever(stop)
    finally:
        support.stop()
        analytics.terminate()  # SIGTERM: it finishes its batch and stops
        analytics.join(30)
    typer.echo(f"cart_current: stopped at notification {projector.position}")
    typer.echo(f"support_index: stopped at notification {support.position}")


ALL_ANALYTICS = "analytics_*"  # in a partitioned rebuild: the seven analytics projections at once


@app.command("rebuild-projections")
def rebuild_projections() -> None:
    """Rebuild every read model of the cart log from the whole log: ``cart_current``, the
    support index (``support_carts``, ``support_cart_keys``) and the seven analytics read
    models (each emptied first). ``projections rebuild NAME`` rebuilds one. With several
    ``CART_PARTITION_URLS``: all of them from every partition's log (``_rebuild_partitioned``;
    docs/operations.md, "Projections per partition")."""
    import time

    from services.analytics.projection import build_analytics_projector
    from services.cart.projection import build_projector
    from services.support.projection import build_support_projector

    partitions = _each_partition()
    if partitions != [None]:
        _rebuild_partitioned(partitions, ("cart_current", "support_index", ALL_ANALYTICS))
        return
    for name, build in (
        ("cart_current", build_projector),
        ("support_index", build_support_projector),
        ("analytics_*", build_analytics_projector),
    ):
        projector = build()
        started = time.perf_counter()
        last = projector.rebuild()
        elapsed = time.perf_counter() - started
        typer.echo(f"{name} rebuilt up to notification {last} in {elapsed:.2f} s")


@contextmanager
def _progress_bar(description: str) -> Iterator[Callable[[int, int], None]]:
    """A rich progress bar for the ``with`` block; yields ``progress(done, total)`` (the
    analytics rebuild's callback) moving it."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns) as bar:
        task = bar.add_task(description, total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


def _rebuild_partitioned(partitions: list[int | None], names: tuple[str, ...], bar: bool = False) -> None:
    """Rebuild the read models ``names`` from every partition's log (docs/operations.md,
    "Projections per partition"). No partition may empty rows another has already written
    back, so every partition's tracking is set to 0 and the view emptied before any partition
    catches up:

    * ``cart_current``, ``support_index``: every partition's projector empties the view and sets
      its tracking to 0 (``CartProjector.reset``), then each catches up from its log's start;
    * an ``analytics_*`` projection, or :data:`ALL_ANALYTICS` for the seven: one analytics
      projector per partition, given together to ``rebuild_logs`` (tables emptied and every
      partition's tracking set to 0 in one transaction, each partition caught up, one sweep),
      with a progress bar over all partitions when ``bar``.

    Prints one line per partition and read model. Exit code 2 for an unknown name."""
    import time

    from services.analytics.projection import build_analytics_projector, rebuild_logs
    from services.analytics.projections import projection_names
    from services.cart.projection import build_projector
    from services.shared.settings import follow_partition
    from services.support.projection import build_support_projector

    builders = {"cart_current": build_projector, "support_index": build_support_projector}
    analytics = {*projection_names(), ALL_ANALYTICS}
    unknown = [name for name in names if name not in builders and name not in analytics]
    if unknown:
        known = ", ".join([*builders, *sorted(analytics)])
        typer.echo(f"{', '.join(unknown)}: unknown read model; one of: {known}", err=True)
        raise typer.Exit(2)
    for name in names:
        if name in analytics:
            followers = []
            for partition in partitions:
                follow_partition(partition)
                followers.append(build_analytics_projector())
            started = time.perf_counter()
            with _progress_bar(f"rebuilding {name}") if bar else nullcontext(None) as progress:
                lasts = rebuild_logs(followers, None if name == ALL_ANALYTICS else name, progress)
            elapsed = time.perf_counter() - started
            for partition, last in zip(partitions, lasts, strict=True):
                typer.echo(f"{name} (partition {partition}) rebuilt up to notification {last}")
            typer.echo(f"{name} rebuilt from {len(partitions)} partitions in {elapsed:.2f} s")
            continue
        projectors = []
        for partition in partitions:
            follow_partition(partition)
            projectors.append(builders[name]())
        for projector in projectors:
            projector.reset()
        for partition, projector in zip(partitions, projectors, strict=True):
            started = time.perf_counter()
            last = projector.catch_up(projector.rebuild_batch_size)
            elapsed = time.perf_counter() - started
            typer.echo(f"{name} (partition {partition}) rebuilt up to notification {last} in {elapsed:.2f} s")


projections_app = typer.Typer(
    no_args_is_help=True, help="The read models of the cart log: status and rebuilds."
)
app.add_typer(projections_app, name="projections")


@projections_app.command("status")
def projections_status() -> None:
    """Print every projection of the cart log (``cart_current``, ``support_index``, the
    ``analytics_*`` ones) with its position, the log's head, and its lag in events and
    seconds (how long its oldest unapplied event has waited). Exit code 0."""
    from rich.console import Console
    from rich.table import Table

    from services.analytics.projection import build_analytics_projector, projection_status
    from services.cart.deps import get_cart_app
    from services.cart.projection import build_projector
    from services.shared.db import get_engine
    from services.shared.settings import follow_partition
    from services.support.projection import build_support_projector

    for partition in _each_partition():
        if partition is not None:
            follow_partition(partition)
        for build in (build_projector, build_support_projector, build_analytics_projector):
            build()  # creates missing tracking rows (and back-fills a changed analytics projection)
    table = Table("projection", "position", "head", "lag (events)", "lag (s)")
    for status in projection_status(get_engine(), get_cart_app()):
        table.add_row(
            status.name,
            str(status.position),
            str(status.head),
            str(status.lag_events),
            f"{status.lag_seconds:.3f}",
        )
    Console().print(table)


@projections_app.command("rebuild")
def projections_rebuild(
    name: str = typer.Argument(
        ..., help="cart_current, support_index, one of the analytics_* read models, or 'all'."
    ),
) -> None:
    """Rebuild one projection from the whole cart log with a progress bar (the others are
    left as they are; the shop keeps running); ``all``: the seven analytics projections. Exit
    code 2 for an unknown name. With several ``CART_PARTITION_URLS`` every partition's log is
    rebuilt into it (``_rebuild_partitioned``; docs/operations.md, "Projections per
    partition"), and ``all`` rebuilds ``cart_current`` and ``support_index`` as well as the
    seven."""
    import time

    from services.analytics.projection import build_analytics_projector
    from services.analytics.projections import projection_names
    from services.cart.projection import build_projector
    from services.support.projection import build_support_projector

    known = ["cart_current", "support_index", *projection_names(), "all"]
    if name not in known:
        typer.echo(f"Unknown projection {name!r}; one of: {', '.join(known)}.", err=True)
        raise typer.Exit(2)
    partitions = _each_partition()
    if partitions != [None]:
        names = ("cart_current", "support_index", ALL_ANALYTICS) if name == "all" else (name,)
        _rebuild_partitioned(partitions, names, bar=True)
        return
    analytics = build_analytics_projector()
    started = time.perf_counter()
    if name in ("cart_current", "support_index"):
        last = (build_projector() if name == "cart_current" else build_support_projector()).rebuild()
    else:
        with _progress_bar(f"rebuilding {name}") as progress:
            last = analytics.rebuild(None if name == "all" else name, progress=progress)
    typer.echo(f"{name} rebuilt up to notification {last} in {time.perf_counter() - started:.2f} s")


@app.command("deliver-mail")
def deliver_mail() -> None:
    """Send the mails queued for SMTP that are not sent yet (``MAIL_BACKEND=smtp``; see
    ``services/mail/smtp.py``). Exit code 1 when some could not be delivered."""
    from services.mail.smtp import deliver_pending
    from services.shared.db import get_sessionmaker

    report = deliver_pending(get_sessionmaker())
    typer.echo(f"mail delivered: sent={report['sent']}, failed={report['failed']}")
    if report["failed"]:
        raise typer.Exit(code=1)


@app.command("erase-personal-data")
def erase_personal_data(
    order_id: int | None = typer.Argument(None, help="An order number: erase its buyer."),
    email: str | None = typer.Option(None, "--email", help="The shopper's email address."),
) -> None:
    """Erase a shopper's personal data everywhere the shop keeps it (``services/api/erasure.py``;
    docs/checkout.md "Personal data"): every order of the address (contact, address, phone,
    note; figures and lines stay), coupon uses, contact messages, the newsletter subscription
    and every mail to or mentioning the address. Name the shopper by ``--email ADDRESS`` or by
    an ORDER_ID (its buyer's address; an order already erased is erased again, harmlessly).
    Exit code 1 for no such order or a text that is not an address, 2 for neither or both."""
    from services.api.erasure import erase_shopper
    from services.checkout.service import email_of_order
    from services.checkout.service import erase_personal_data as erase_order
    from services.shared.db import session_scope

    if (order_id is None) == (email is None):
        typer.echo("give an ORDER_ID or --email ADDRESS (one of them)", err=True)
        raise typer.Exit(code=2)
    with session_scope() as session:
        address = email
        if order_id is not None:
            address = email_of_order(session, order_id)
            if address is None:
                typer.echo(f"no order {order_id}", err=True)
                raise typer.Exit(code=1)
            if not address:  # erased before: nothing left to find by address
                erase_order(session, order_id)
                typer.echo(f"personal data of order {order_id} erased (it was already)")
                return
        try:
            report = erase_shopper(session, address or "")
        except ValueError:
            typer.echo("not an email address", err=True)
            raise typer.Exit(code=1) from None
    who = f"the buyer of order {order_id}" if order_id is not None else "the shopper"
    typer.echo(f"personal data of {who} erased: {report.summary()}")


@app.command("send-newsletter")
def send_newsletter(
    subject: str = typer.Option(..., "--subject", help="The mail's subject line."),
    text_file: Path = typer.Option(..., "--text", exists=True, dir_okay=False, help="Plain-text body."),
    html_file: Path | None = typer.Option(None, "--html", exists=True, dir_okay=False, help="HTML body."),
    tag: str | None = typer.Option(None, "--tag", help="Only subscribers who signed up with this tag."),
) -> None:
    """Queue a newsletter issue to every *confirmed* subscriber (double opt-in; pending and
    unsubscribed addresses get nothing), each mail with its own one-click unsubscribe link
    (``services/newsletter/service.send_issue``). The bodies are UTF-8 files written by the
    shop; without ``--html`` the HTML part is the text, escaped, in paragraphs. Mails go through
    the outbox (``MAIL_BACKEND``; ``deliver-mail`` sends them over SMTP). Exit code 1 for an
    empty subject or body."""
    import html as html_lib

    from services.newsletter.service import send_issue
    from services.shared.db import session_scope

    text = text_file.read_text(encoding="utf-8").strip()
    if not subject.strip() or not text:
        typer.echo("subject and text must not be empty", err=True)
        raise typer.Exit(code=1)
    if html_file is not None:
        body_html = html_file.read_text(encoding="utf-8")
    else:
        body_html = "".join(f"<p>{html_lib.escape(p)}</p>" for p in text.split("\n\n") if p.strip())
    with session_scope() as session:
        ids = send_issue(session, subject.strip(), text, body_html, tag=tag)
    typer.echo(f"newsletter queued for {len(ids)} confirmed subscriber(s)")


@app.command("support-replay")
def support_replay(
    ref: str = typer.Argument(..., help="A cart id or a support reference (K7F-3QX, any case)."),
    version: int | None = typer.Option(None, "--version", help="Select this version (default the last)."),
    as_json: bool = typer.Option(False, "--json", help="Print the timeline document as JSON."),
) -> None:
    """Replay a cart's history in the terminal (docs/spec.md section 2.14; docs/support.md): one
    line per event (version, time UTC, actor, description, items and total in the cart's
    currency; refused commands marked ``REFUSED code``), or with ``--json`` the same document
    as ``GET /api/support/carts/{ref}/timeline``. Writes an audit entry (channel ``cli``, view
    ``timeline``, no staff id). Exit code 1 with the message for an unknown or ambiguous
    reference or a version the cart does not have."""
    import json

    from services.cart.deps import get_cart_app
    from services.shared.db import session_scope
    from services.shared.errors import DomainError
    from services.shared.money import format_money
    from services.support import service

    try:
        with session_scope() as session:
            replay = service.timeline(session, get_cart_app(), ref, version=version)
            service.audit(
                session,
                staff_id=None,
                channel="cli",
                view="timeline",
                cart_id=replay.cart_id,
                version=replay.selected_version,
            )
    except DomainError as exc:
        typer.echo(exc.message, err=True)
        candidates = exc.extra.get("candidates")
        for candidate in candidates if isinstance(candidates, list) else []:
            typer.echo(f"  {candidate}", err=True)
        raise typer.Exit(code=1) from None
    if as_json:
        typer.echo(json.dumps(replay.document, indent=2, ensure_ascii=False))
        return
    doc = replay.document
    typer.echo(f"cart {doc['cart_id']} ({doc['reference']}), versions 1..{doc['version']}")
    for entry in replay.entries:
        if entry["version"] > replay.selected_version:
            break
        state = entry["state"]
        totals = state["totals"]
        refused = f"REFUSED {entry['refusal']['code']}: " if entry["refusal"] else ""
        typer.echo(
            f"v{entry['version']:<4} {entry['at'].strftime('%Y-%m-%d %H:%M:%S')}Z  {entry['actor']:<7}  "
            f"{refused}{entry['description']}  [items {totals['item_count']}, total "
            f"{format_money(totals['total'], state['currency'])}]"
        )


@app.command("openapi")
def openapi(
    out: Path | None = typer.Option(None, "--out", help="Write here instead of standard output."),
) -> None:
    """Write the API's OpenAPI document (JSON, sorted keys: ``services/api/openapi_document.py``).
    Needs no database or server. ``webapp/openapi.json`` is this output; regenerate it and the
    storefront's types with ``npm run gen:api`` in webapp/ (docs/api.md, "OpenAPI")."""
    from services.api.openapi_document import openapi_document, render

    text = render(openapi_document())
    if out is None:
        typer.echo(text, nl=False)
    else:
        out.write_text(text, encoding="utf-8")


ANALYST_ROLE_NAME = r"[a-z_][a-z0-9_]{0,62}"  # a plain lower-case identifier (63 bytes at most)
ANALYST_TIMEOUT_SECONDS = 30


def _analyst_tables() -> list[str]:
    """The tables an analyst role may SELECT: every table of the analytics read models
    (``services/analytics/read_models.py``: the seven projections' tables, their state and
    ``analytics_projections``) and ``cart_current``. Nothing else: not the orders, their
    customers, the event store or the staff tables."""
    from services.analytics import read_models
    from services.cart.readmodel import CartCurrent

    names = {
        model.__table__.name
        for model in vars(read_models).values()
        if isinstance(model, type) and getattr(model, "__module__", "") == read_models.__name__
        if hasattr(model, "__table__")
    }
    return sorted(names | {CartCurrent.__table__.name})


@app.command("create-analyst-role")
def create_analyst_role(
    role: str = typer.Argument(..., help="The PostgreSQL role to create or update (lower case, a-z 0-9 _)."),
    password_env: str | None = typer.Option(
        None,
        "--password-env",
        help="Name of the environment variable holding the role's password (never the password itself). "
        "Without it: no password (peer or certificate authentication).",
    ),
    statement_timeout: int = typer.Option(
        ANALYST_TIMEOUT_SECONDS, "--statement-timeout", min=1, help="Seconds one analyst statement may run."
    ),
) -> None:
    """Create (or update: idempotent) a PostgreSQL LOGIN role for analysts' SQL tools that can
    only SELECT the analytics read models and ``cart_current`` (``_analyst_tables``; docs/spec.md
    section 6, analyst: the read models for analysts, no orders) in the configured database's
    schema, with ``default_transaction_read_only`` on, ``statement_timeout`` (seconds) and
    ``idle_in_transaction_session_timeout`` set on the role, and its ``search_path`` set to
    that schema. Any other privilege granted to it directly in the schema is revoked. Grants
    cover the tables that exist now: run it again after a migration adds an analytics table
    (docs/operations.md, "SQL access for analysts").

    The password is read from the environment variable named by ``--password-env`` and sent
    to the server only as a SCRAM verifier computed by libpq (never as plain text, never on
    the command line). Without ``--password-env`` a new role gets no password and an existing
    one keeps its password.

    Exit code 2 on SQLite (analysts open the SQLite file itself, read-only), for a role name
    that is not a plain lower-case identifier (or is reserved: ``pg_...``, ``public``), or a password variable
    that is unset or empty; 1 when the role exists and could do more than the analyst role
    (superuser, createrole, createdb, replication, bypassrls, a member of other roles, the
    owner of objects in this database, or the role this command connects as), or when
    PostgreSQL refuses (e.g. the configured user may not create roles: it needs CREATEROLE)."""
    import re
    from typing import Any

    import psycopg
    from psycopg import sql

    from services.shared.db import get_engine
    from services.shared.settings import secret_from_environment

    engine = get_engine()
    if engine.dialect.name != "postgresql":
        typer.echo(
            "create-analyst-role is for PostgreSQL. On SQLite the database file itself is what analysts "
            "open, read-only: sqlite3 -readonly data/shop.sqlite3, or the URI file:data/shop.sqlite3?mode=ro "
            "(docs/operations.md, 'SQL access for analysts').",
            err=True,
        )
        raise typer.Exit(code=2)
    reserved = role.startswith("pg_") or role in (
        "public",
        "none",
        "current_role",
        "current_user",
        "session_user",
    )
    if not re.fullmatch(ANALYST_ROLE_NAME, role) or reserved:
        typer.echo(
            "ROLE must be a lower-case identifier (a-z, 0-9, _; at most 63) not starting with pg_", err=True
        )
        raise typer.Exit(code=2)
    password: str | None = None
    if password_env is not None:
        password = secret_from_environment(password_env)
        if password is None:
            typer.echo(f"the environment variable {password_env} is unset or empty", err=True)
            raise typer.Exit(code=2)
    raw = engine.raw_connection()
    try:
        conn: Any = raw.driver_connection
        with conn.cursor() as cur:
            cur.execute("SELECT current_database(), current_schema(), current_user")
            database, schema, me = cur.fetchone()
            cur.execute(
                "SELECT r.oid, r.rolsuper OR r.rolcreaterole OR r.rolcreatedb OR r.rolreplication OR r.rolbypassrls,"
                " EXISTS (SELECT 1 FROM pg_auth_members m WHERE m.member = r.oid),"
                " EXISTS (SELECT 1 FROM pg_class c WHERE c.relowner = r.oid)"
                " OR EXISTS (SELECT 1 FROM pg_namespace n WHERE n.nspowner = r.oid)"
                " FROM pg_roles r WHERE r.rolname = %s",
                (role,),
            )
            found = cur.fetchone()
            if role == me or (found is not None and any(found[1:])):
                typer.echo(
                    f"role {role} exists and can do more than read the analytics tables (superuser or another "
                    "privileged attribute, a member of other roles, an owner of objects, or the role this command "
                    "connects as): refusing to make it the analyst role; choose another name",
                    err=True,
                )
                raise typer.Exit(code=1)
            who = sql.Identifier(role)
            attributes: sql.Composable = sql.SQL(
                "LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS"
            )
            if password is not None:
                verifier = conn.pgconn.encrypt_password(password.encode(), role.encode(), None).decode()
                attributes = sql.SQL("{} PASSWORD {}").format(attributes, sql.Literal(verifier))
            elif found is None:
                attributes = sql.SQL("{} PASSWORD NULL").format(attributes)
            verb = sql.SQL("CREATE ROLE" if found is None else "ALTER ROLE")
            cur.execute(sql.SQL("{} {} WITH {}").format(verb, who, attributes))
            for name, value in (
                ("default_transaction_read_only", "on"),
                ("statement_timeout", f"{statement_timeout}s"),
                ("idle_in_transaction_session_timeout", "10min"),
            ):
                cur.execute(
                    sql.SQL("ALTER ROLE {} SET {} = {}").format(who, sql.Identifier(name), sql.Literal(value))
                )
            where = sql.Identifier(schema)
            cur.execute(
                sql.SQL("ALTER ROLE {} IN DATABASE {} SET search_path = {}").format(
                    who, sql.Identifier(database), sql.Literal(schema)
                )
            )
            for revoke in (
                "REVOKE ALL ON ALL TABLES IN SCHEMA {} FROM {}",
                "REVOKE ALL ON ALL SEQUENCES IN SCHEMA {} FROM {}",
                "REVOKE ALL ON ALL FUNCTIONS IN SCHEMA {} FROM {}",
                "REVOKE ALL ON SCHEMA {} FROM {}",
            ):
                cur.execute(sql.SQL(revoke).format(where, who))
            cur.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(sql.Identifier(database), who))
            cur.execute(sql.SQL("GRANT USAGE ON SCHEMA {} TO {}").format(where, who))
            cur.execute(
                "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                " WHERE n.nspname = %s AND c.relkind IN ('r', 'p') AND c.relname = ANY(%s) ORDER BY 1",
                (schema, _analyst_tables()),
            )
            tables = [name for (name,) in cur.fetchall()]
            if tables:
                targets = sql.SQL(", ").join(sql.Identifier(schema, name) for name in tables)
                cur.execute(sql.SQL("GRANT SELECT ON TABLE {} TO {}").format(targets, who))
        conn.commit()
    except psycopg.Error as exc:
        typer.echo(f"PostgreSQL refused: {exc}".strip(), err=True)
        raise typer.Exit(code=1) from None
    finally:
        raw.close()
    typer.echo(
        f"analyst role {role} {'created' if found is None else 'updated'} in database {database}, schema {schema}: "
        f"SELECT on {len(tables)} tables ({', '.join(tables) or 'none: run migrate first'}); read-only, "
        f"statement_timeout {statement_timeout}s; password "
        + ("set" if password is not None else "none" if found is None else "unchanged")
        + ". Run it again after a migration adds an analytics table."
    )


if __name__ == "__main__":
    app()

"""The WooCommerce importer's rules for refusing and keeping (docs/spec.md section 3.1): ID and
SKU clashes, rows of the wrong width, sale prices and dates, weights and dimensions, unused
columns, dry runs and batches. Each test builds a small CSV in WooCommerce's column format."""

from __future__ import annotations

import io
from datetime import datetime
from zoneinfo import ZoneInfo

from sqlalchemy import func, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from services.api.cli import app
from services.catalog.importer import import_products_csv
from services.catalog.models import CatalogRevision, Category, Product, Tag, Variation

HEADER = (
    "ID,Type,SKU,Name,Published,Regular price,Sale price,Date sale price starts,Date sale price ends,"
    "Visibility in catalog,Weight (kg),Length (cm),Tax status,Tax class,Categories,Tags"
)


def csv_of(*lines: str, header: str = HEADER) -> io.StringIO:
    return io.StringIO("\n".join([header, *lines]) + "\n")


def count(session: Session, model: type) -> int:
    return session.scalar(select(func.count()).select_from(model)) or 0


def messages(report: object) -> list[tuple[int, str]]:
    return list(report.errors)  # type: ignore[attr-defined]


def test_a_short_row_is_refused_with_its_field_count_and_nothing_shifts(session: Session) -> None:
    report = import_products_csv(
        session,
        csv_of(
            "1,simple,A,Alpha,1,10.00,,,,visible,,,taxable,,Mice,",
            "2,simple,B,Beta,1,10.00,,,,visible,,,taxable,Mice,",
        ),
    )
    assert messages(report) == [(3, "15 fields, the header has 16")]
    assert [p.sku for p in session.scalars(select(Product))] == ["A"]


def test_an_unquoted_decimal_comma_shifts_the_row_into_a_field_count_error(session: Session) -> None:
    report = import_products_csv(session, csv_of("1,simple,A,Alpha,1,10.00,,,,visible,1,5,,taxable,,,"))
    assert messages(report) == [(2, "17 fields, the header has 16")]
    assert count(session, Product) == 0


def test_a_quoted_decimal_comma_is_refused_for_weight(session: Session) -> None:
    report = import_products_csv(session, csv_of('1,simple,A,Alpha,1,10.00,,,,visible,"1,5",,taxable,,,'))
    assert messages(report) == [
        (2, "Weight: '1,5' is not a decimal number (use '.' as the decimal separator)")
    ]


def test_the_cli_prints_the_field_count_error_with_its_line(db_url: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "short.csv"
    path.write_text(HEADER + "\n1,simple,A,Alpha\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["import-woocommerce", str(path)])
    assert result.exit_code == 1
    assert "line 2: 4 fields, the header has 16" in result.stderr


def test_bom_and_windows_line_endings_are_read(session: Session) -> None:
    text = "\ufeff" + HEADER + "\r\n" + "1,simple,A,Alpha,1,10.00,,,,visible,,,taxable,,,\r\n"
    report = import_products_csv(session, io.StringIO(text, newline=""))
    assert (report.created, report.errors) == (1, [])
    assert session.get(Product, 1).name == "Alpha"


def test_duplicate_and_case_different_skus_refuse_the_later_row(session: Session) -> None:
    report = import_products_csv(
        session,
        csv_of(
            ",simple,KB-1,One,1,1.00,,,,,,,,,,",
            ",simple,kb-1,Two,1,1.00,,,,,,,,,,",
            ",simple,KB-1,Three,1,1.00,,,,,,,,,,",
        ),
    )
    assert messages(report) == [
        (3, "duplicate SKU 'kb-1' (first used on line 2)"),
        (4, "duplicate SKU 'KB-1' (first used on line 2)"),
    ]
    assert [p.name for p in session.scalars(select(Product))] == ["One"]


def test_an_existing_id_is_refused_without_update_and_the_product_is_untouched(session: Session) -> None:
    import_products_csv(session, csv_of("12,simple,A,Alpha,1,10.00,,,,,,,,,,"))
    report = import_products_csv(session, csv_of("12,simple,B,Overwritten,1,1.00,,,,,,,,,,"))
    assert messages(report) == [
        (2, "ID 12 already exists in the shop; use --update to update existing products")
    ]
    session.expire_all()
    assert (session.get(Product, 12).name, session.get(Product, 12).sku) == ("Alpha", "A")


def test_an_existing_sku_in_another_case_is_refused_without_update(session: Session) -> None:
    import_products_csv(session, csv_of("12,simple,KB-1,Alpha,1,10.00,,,,,,,,,,"))
    report = import_products_csv(session, csv_of(",simple,kb-1,Other,1,1.00,,,,,,,,,,"))
    assert messages(report) == [
        (2, "SKU 'kb-1' already exists in the shop; use --update to update existing products")
    ]
    assert count(session, Product) == 1


def test_with_update_an_existing_id_is_updated(session: Session) -> None:
    import_products_csv(session, csv_of("12,simple,A,Alpha,1,10.00,,,,,,,,,,"))
    report = import_products_csv(session, csv_of("12,simple,A,Alpha 2,1,12.00,,,,,,,,,,"), update=True)
    assert (report.updated, report.errors) == (1, [])
    session.expire_all()
    assert (session.get(Product, 12).name, session.get(Product, 12).regular_price_eur) == ("Alpha 2", 1200)


def test_an_update_leaves_the_columns_the_file_lacks_alone(session: Session) -> None:
    import_products_csv(
        session,
        csv_of(
            "12,simple,A,Alpha,1,10.00,8.00,2026-01-01,2026-01-31,catalog,0.5,20,shipping,reduced,Mice,RGB"
        ),
    )
    report = import_products_csv(session, csv_of("12,Alpha renamed", header="ID,Name"), update=True)
    assert (report.updated, report.errors) == (1, [])
    session.expire_all()
    alpha = session.get(Product, 12)
    assert alpha.name == "Alpha renamed"
    assert (alpha.regular_price_eur, alpha.sale_price_eur, alpha.catalog_visibility) == (1000, 800, "catalog")
    assert (alpha.weight, alpha.length, alpha.tax_status, alpha.tax_class) == (
        "0.5",
        "20",
        "shipping",
        "reduced",
    )
    assert alpha.date_on_sale_to == datetime(2026, 1, 31, 23, 59, 59)
    assert ([c.name for c in alpha.categories], [t.name for t in alpha.tags]) == (["Mice"], ["RGB"])


def test_an_empty_cell_clears_the_field_on_update(session: Session) -> None:
    import_products_csv(session, csv_of("12,simple,A,Alpha,1,10.00,8.00,,,,0.5,,,,Mice,"))
    import_products_csv(session, csv_of("12,,,", header="ID,Sale price,Weight (kg),Categories"), update=True)
    session.expire_all()
    alpha = session.get(Product, 12)
    assert (alpha.sale_price_eur, alpha.weight, alpha.categories) == (None, None, [])


def test_a_sale_price_above_the_regular_price_is_refused(session: Session) -> None:
    report = import_products_csv(session, csv_of("1,simple,A,Alpha,1,10.00,12.00,,,,,,,,,"))
    assert messages(report) == [(2, "Sale price 12.00 is above the regular price 10.00")]
    assert count(session, Product) == 0


def test_sale_dates_in_woocommerce_formats_are_stored_in_utc(session: Session) -> None:
    report = import_products_csv(
        session,
        csv_of(
            "1,simple,A,A,1,10.00,8.00,2026-03-01,2026-03-02,,,,,,,",
            "2,simple,B,B,1,10.00,8.00,2026-03-01 10:30:00,2026-03-02T18:00,,,,,,,",
            "3,simple,C,C,1,10.00,8.00,2026-03-01T10:30:00+02:00,2026-03-02 18:00:00Z,,,,,,,",
            "4,simple,D,D,1,10.00,8.00,1772323200,,,,,,,,",
            "5,simple,E,E,1,10.00,8.00,01/03/2026,,,,,,,,",
            "6,simple,F,F,1,10.00,8.00,2026-03-05,2026-03-02,,,,,,,",
        ),
        zone=ZoneInfo("Europe/Berlin"),
    )
    assert messages(report) == [
        (
            6,
            "Date sale price starts: '01/03/2026' is not a date (expected YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)",
        ),
        (7, "Date sale price ends is before Date sale price starts"),
    ]
    dates = {p.sku: (p.date_on_sale_from, p.date_on_sale_to) for p in session.scalars(select(Product))}
    assert dates == {
        "A": (datetime(2026, 2, 28, 23, 0), datetime(2026, 3, 2, 22, 59, 59)),
        "B": (datetime(2026, 3, 1, 9, 30), datetime(2026, 3, 2, 17, 0)),
        "C": (datetime(2026, 3, 1, 8, 30), datetime(2026, 3, 2, 18, 0)),
        "D": (datetime(2026, 3, 1, 0, 0), None),
    }


def test_visibility_tax_and_weight_units_are_validated_and_kept(session: Session) -> None:
    header = "ID,Type,Name,Visibility in catalog,Tax status,Weight (lbs),Length (in)"
    report = import_products_csv(
        session,
        csv_of(
            "1,simple,A,search,none,2,10",
            "2,simple,B,everywhere,taxable,,",
            "3,simple,C,visible,vat,,",
            header=header,
        ),
    )
    assert messages(report) == [
        (3, "Visibility in catalog: expected one of catalog, hidden, search, visible, got 'everywhere'"),
        (4, "Tax status: expected one of none, shipping, taxable, got 'vat'"),
    ]
    a = session.get(Product, 1)
    assert (a.catalog_visibility, a.tax_status, a.weight, a.length) == ("search", "none", "0.9072", "25.4")


def test_virtual_downloadable_and_downloads_are_kept(session: Session) -> None:
    header = "ID,Type,Name,Download 1 ID,Download 1 name,Download 1 URL,Download 2 name,Download 2 URL"
    report = import_products_csv(
        session,
        csv_of(
            '1,"simple, virtual, downloadable",Pack,d1,Manual,https://x.example/m.pdf,,https://x.example/f.zip',
            '2,"simple, downloadable",Broken,,Manual,,,',
            header=header,
        ),
    )
    assert messages(report) == [(3, "Download 1 URL is empty")]
    pack = session.get(Product, 1)
    assert (pack.virtual, pack.downloadable) == (True, True)
    assert pack.downloads[0] == {"id": "d1", "name": "Manual", "file": "https://x.example/m.pdf"}
    assert pack.downloads[1]["file"] == "https://x.example/f.zip" and pack.downloads[1]["name"] == "f.zip"


def test_unknown_and_unused_columns_are_warned_about_once_with_their_counts(session: Session) -> None:
    header = "ID,Type,Name,Purchase note,Meta: _wpcom_is_markdown,Colour code"
    report = import_products_csv(
        session, csv_of("1,simple,A,Thanks!,1,", "2,simple,B,,1,", "3,simple,C,Thanks!,1,", header=header)
    )
    assert report.errors == []
    assert report.warnings == [
        (1, "column 'Purchase note' is not used by the shop and was ignored (2 rows had a value)"),
        (1, "column 'Meta: _wpcom_is_markdown' is not used by the shop and was ignored (3 rows had a value)"),
        (1, "column 'Colour code' is not used by the shop and was ignored (no row had a value)"),
    ]


def test_a_dry_run_lists_what_would_happen_and_writes_nothing(session: Session) -> None:
    import_products_csv(session, csv_of("12,simple,A,Alpha,1,10.00,,,,,,,,,,"))
    revision = session.scalar(select(CatalogRevision.revision))
    report = import_products_csv(
        session,
        csv_of(
            "12,simple,A,Alpha 2,1,10.00,,,,,,,,,,",
            "13,simple,B,Beta,1,10.00,,,,,,,,,New category,New tag",
            "14,simple,C,Gamma,1,10.00,11.00,,,,,,,,,",
        ),
        update=True,
        dry_run=True,
    )
    assert (report.created, report.updated, report.skipped, report.categories, report.tags) == (1, 1, 1, 1, 1)
    assert report.listing().splitlines() == [
        "line 2: update product #12 'Alpha 2' (SKU A)",
        "line 3: create product #13 'Beta' (SKU B)",
        "line 4: refuse Sale price 11.00 is above the regular price 10.00",
    ]
    assert "dry run, nothing written" in report.summary()
    session.expire_all()
    assert [p.name for p in session.scalars(select(Product))] == ["Alpha"]
    assert (count(session, Category), count(session, Tag)) == (0, 0)
    assert session.scalar(select(CatalogRevision.revision)) == revision


def test_the_cli_dry_run_prints_the_plan(db_url: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "one.csv"
    path.write_text(HEADER + "\n1,simple,A,Alpha,1,10.00,,,,,,,,,,\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["import-woocommerce", str(path), "--dry-run"])
    assert result.exit_code == 0, result.output
    assert "1 created" in result.stdout and "line 2: create product #1 'Alpha' (SKU A)" in result.stdout
    result = CliRunner().invoke(app, ["import-woocommerce", str(path)])
    assert result.exit_code == 0 and "1 created" in result.stdout


def test_the_catalogue_revision_is_bumped_once_per_batch(session: Session) -> None:
    before = session.scalar(select(CatalogRevision.revision)) or 0
    rows = [f"{i},simple,S-{i},Product {i},1,10.00,,,,,,,,,Mice,RGB" for i in range(1, 11)]
    report = import_products_csv(session, csv_of(*rows), batch_size=4, pause=0)
    assert report.created == 10
    session.expire_all()
    assert session.scalar(select(CatalogRevision.revision)) == before + 3
    assert count(session, Category) == 1 and count(session, Tag) == 1


def test_variations_update_their_parent_attributes_across_batches(session: Session) -> None:
    header = "ID,Type,SKU,Name,Parent,Regular price,Attribute 1 name,Attribute 1 value(s)"
    report = import_products_csv(
        session,
        csv_of(
            "10,variable,P,Parent,,,Colour,Black",
            "11,variation,P-B,,id:10,5.00,Colour,Black",
            "12,variation,P-W,,P,5.00,colour,White",
            header=header,
        ),
        batch_size=1,
        pause=0,
    )
    assert report.errors == []
    parent = session.get(Product, 10)
    assert [(a.name, a.options, a.variation) for a in parent.attributes] == [
        ("Colour", ["Black", "White"], True)
    ]
    assert session.get(Variation, 12).attributes == [{"name": "Colour", "option": "White"}]

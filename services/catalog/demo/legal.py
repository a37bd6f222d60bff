"""The demo's legal pages: imprint, terms and conditions, privacy policy and the right of
withdrawal with the model withdrawal form (docs/spec.md section 2.16).

Written as a German-style online shop would publish them, for the demo's own seller
(:data:`services.shared.company.COMPANY`, named the same way everywhere). Plain HTML of the
kind every content page carries (headings, paragraphs, lists, links); the storefront sanitises
it like any page. :data:`LEGAL_SECTIONS` lists the headings each page must have (the seed tests
check them).
"""

from __future__ import annotations

from html import escape
from typing import Any

from services.shared.company import COMPANY

IMPRINT_ID, WITHDRAWAL_ID, PRIVACY_ID, TERMS_ID = 19, 20, 17, 18
UPDATED = "14 January 2026"

_C = COMPANY
_NAME = escape(_C.legal_name)
_ADDRESS = "<br>".join(escape(line) for line in _C.address_lines)
_MAIL = f'<a href="mailto:{escape(_C.email)}">{escape(_C.email)}</a>'
_PHONE = escape(_C.phone)
_POSTAL = escape(", ".join([_C.legal_name, *_C.address_lines]))


def _sections(parts: list[tuple[str, str]]) -> str:
    return "\n".join(f"<h2>{escape(title)}</h2>\n{body}" for title, body in parts)


IMPRINT_SECTIONS: list[tuple[str, str]] = [
    ("Service provider", f"<p>{_NAME}<br>{_ADDRESS}</p>"),
    ("Represented by", f"<p>{escape(_C.representative)}</p>"),
    ("Contact", f"<p>Email: {_MAIL}<br>Phone: {_PHONE} (Monday to Friday, 9:00 to 17:00 CET)</p>"),
    ("Register entry", f"<p>{escape(_C.registration)}</p>"),
    ("VAT identification number", f"<p>VAT ID according to Article 214 of Directive 2006/112/EC: "
     f"{escape(_C.vat_id)}</p>"),
    ("Responsible for content", f"<p>{escape(_C.representative.split(' (')[0])}, address as above.</p>"),
    ("Online dispute resolution", "<p>The European Commission provides a platform for online dispute "
     'resolution (ODR): <a href="https://ec.europa.eu/consumers/odr/">https://ec.europa.eu/consumers/odr/</a>. '
     "We are neither obliged nor willing to take part in dispute resolution proceedings before a "
     "consumer arbitration board, but we answer every complaint sent to us directly.</p>"),
    ("Liability for links", "<p>Our pages link to websites of third parties whose content we do not "
     "control. The respective provider is responsible for the content of linked pages. We check links "
     "when we set them and remove any we learn to be unlawful.</p>"),
]  # fmt: skip

TERMS_SECTIONS: list[tuple[str, str]] = [
    ("1. Scope", f"<p>These terms apply to every order placed in the online shop at halvard.gg with "
     f"{_NAME}, {escape(', '.join(_C.address_lines))} (\"we\", \"us\"). You are a consumer when you buy "
     "for purposes outside your trade or profession. Terms of the buyer that differ from these apply "
     "only if we agree to them in writing.</p>"),
    ("2. Contract", "<p>Products in the shop are an invitation to order, not a binding offer. By pressing "
     "<strong>Place order</strong> you make a binding offer to buy the items in your cart. We confirm "
     "receipt by email at once; this confirmation is not yet an acceptance. The contract is concluded "
     "when we ship the goods or confirm the order in a second email, at the latest within five business "
     "days. Before you place the order you can review and correct every entry; the contract language is "
     "English. We store the text of the contract and send it to you with the order confirmation.</p>"),
    ("3. Prices and shipping costs", "<p>Prices are final prices in the currency of the shipping country "
     "you chose (euro or US dollar). For deliveries within the EU they include the value-added tax of "
     "the country of delivery. For deliveries outside the EU, import duties and taxes may be charged by "
     "the country of delivery and are paid by the buyer. Shipping costs are shown in the cart and at "
     "checkout before you place the order.</p>"),
    ("4. Payment", "<p>We accept the payment methods shown at checkout and in the footer of the shop. "
     "With <strong>direct bank transfer</strong> you pay in advance to the account named in the order "
     "confirmation, using your order number as the reference. We ship once the money has arrived. An "
     "order we have not received payment for within 14 days is cancelled.</p>"),
    ("5. Delivery", "<p>We ship from our warehouse in Gothenburg. Orders paid before 14:00 CET on a "
     "business day leave the warehouse the same day; delivery within the EU usually takes two to four "
     "business days, to the United States two to five. Pre-order items ship on the date given on the "
     "product page; an order with a pre-order item ships complete unless you ask us to split it.</p>"),
    ("6. Retention of title", "<p>The goods remain our property until they are paid in full.</p>"),
    ("7. Right of withdrawal", '<p>Consumers have a right of withdrawal as set out in our '
     '<a href="/right-of-withdrawal">right of withdrawal</a>, which includes the model withdrawal form. '
     "In addition to the statutory 14 days, we take back unused products in their original packaging "
     "within 30 days of delivery.</p>"),
    ("8. Warranty", "<p>The statutory warranty rights for defects apply (two years from delivery). In "
     "addition, we give a voluntary two-year manufacturer's guarantee against manufacturing defects on "
     "every product, and three years on keyboards registered in the HALVARD app; the guarantee does not "
     "limit your statutory rights. To make a claim, write to us with your order number.</p>"),
    ("9. Coupons", "<p>Coupons are valid only within their stated period and conditions, cannot be "
     "exchanged for cash and are applied at checkout before you place the order.</p>"),
    ("10. Dispute resolution and applicable law", "<p>The European Commission's online dispute "
     'resolution platform is at <a href="https://ec.europa.eu/consumers/odr/">'
     "https://ec.europa.eu/consumers/odr/</a>. We do not take part in proceedings before a consumer "
     "arbitration board. Swedish law applies, excluding the UN Convention on Contracts for the "
     "International Sale of Goods; if you are a consumer, the mandatory consumer protection rules of "
     "the country where you live remain applicable.</p>"),
]  # fmt: skip

PRIVACY_SECTIONS: list[tuple[str, str]] = [
    ("1. Controller", f"<p>The controller responsible for processing your personal data is {_NAME}, "
     f"{escape(', '.join(_C.address_lines))}, email {_MAIL}, phone {_PHONE}.</p>"),
    ("2. Data we process and why", "<ul>"
     "<li><strong>Orders:</strong> name, postal address, email address, phone number (optional) and "
     "the items you order, to conclude and fulfil the contract (Art. 6(1)(b) GDPR).</li>"
     "<li><strong>Payments:</strong> for direct bank transfer, the payment details your bank sends us "
     "with the transfer, to match payment and order (Art. 6(1)(b) GDPR).</li>"
     "<li><strong>Contact form and email:</strong> your name, email address, order number and message, "
     "to answer you (Art. 6(1)(b) and (f) GDPR).</li>"
     "<li><strong>Newsletter:</strong> your email address, only after you confirm the subscription "
     "(double opt-in; Art. 6(1)(a) GDPR). You can unsubscribe with the link in every newsletter.</li>"
     "<li><strong>Cart:</strong> the contents of your cart and your shipping country, stored in your "
     "browser and on our server without your name, so the cart survives a reload (Art. 6(1)(b) "
     "GDPR).</li>"
     "<li><strong>Statistics:</strong> anonymous page views and cart events without name, email or IP "
     "address, to improve the shop (Art. 6(1)(f) GDPR).</li></ul>"),
    ("3. Server log files", "<p>When you visit the shop, our server records the time, the page requested, "
     "the response status and the browser type to keep the shop secure and running (Art. 6(1)(f) GDPR). "
     "Log files are deleted after 14 days.</p>"),
    ("4. Cookies and local storage", '<p>What we store in your browser and why is described in our '
     '<a href="/cookies-policy">cookies policy</a>.</p>'),
    ("5. Recipients", "<p>We pass your data on only as far as needed to fulfil your order: to the "
     "shipping company (name, address and, for delivery notices, email or phone), to our bank for "
     "payments, and to our hosting provider in the EU, who processes data on our behalf under a data "
     "processing agreement (Art. 28 GDPR). Review videos are loaded from YouTube only after you press "
     "play. We never sell personal data.</p>"),
    ("6. How long we keep data", "<p>Order data is kept as long as commercial and tax law require "
     "(seven years in Sweden), contact messages for two years after the last exchange, newsletter data "
     "until you unsubscribe. Then we delete it.</p>"),
    ("7. Your rights", "<p>You have the right to access (Art. 15 GDPR), rectification (Art. 16), "
     "erasure (Art. 17), restriction of processing (Art. 18), data portability (Art. 20) and to object "
     "to processing based on legitimate interests (Art. 21). You can withdraw a consent at any time "
     f"with effect for the future. Write to {_MAIL}. You also have the right to lodge a complaint with a "
     "supervisory authority, for us the Swedish Authority for Privacy Protection (IMY), or the "
     "authority where you live.</p>"),
    ("8. Changes", f"<p>We update this policy when our processing changes. Last updated: {UPDATED}.</p>"),
]  # fmt: skip

WITHDRAWAL_SECTIONS: list[tuple[str, str]] = [
    ("Right of withdrawal", "<p>You have the right to withdraw from this contract within fourteen days "
     "without giving any reason.</p><p>The withdrawal period will expire after fourteen days from the day "
     "on which you acquire, or a third party other than the carrier and indicated by you acquires, "
     "physical possession of the goods. If you ordered several goods in one order that are delivered "
     "separately, the period expires fourteen days after you or a third party indicated by you acquires "
     "physical possession of the last good.</p><p>To exercise the right of withdrawal, you must inform "
     f"us ({_POSTAL}, phone {_PHONE}, email {_MAIL}) of your decision to withdraw from this contract by "
     "an unequivocal statement (e.g. a letter sent by post or an email). You may use the model "
     "withdrawal form below, but it is not obligatory.</p><p>To meet the withdrawal deadline, it is "
     "sufficient for you to send your communication concerning your exercise of the right of withdrawal "
     "before the withdrawal period has expired.</p>"),
    ("Effects of withdrawal", "<p>If you withdraw from this contract, we shall reimburse to you all "
     "payments received from you, including the costs of delivery (with the exception of the "
     "supplementary costs resulting from your choice of a type of delivery other than the least "
     "expensive type of standard delivery offered by us), without undue delay and in any event not later "
     "than fourteen days from the day on which we are informed about your decision to withdraw from this "
     "contract. We will carry out such reimbursement using the same means of payment as you used for the "
     "initial transaction, unless you have expressly agreed otherwise; in any event, you will not incur "
     "any fees as a result of such reimbursement.</p><p>We may withhold reimbursement until we have "
     "received the goods back or you have supplied evidence of having sent back the goods, whichever is "
     f"the earliest.</p><p>You shall send back the goods to {_POSTAL}, without undue delay and in any "
     "event not later than fourteen days from the day on which you communicate your withdrawal from this "
     "contract to us. The deadline is met if you send back the goods before the period of fourteen days "
     "has expired.</p><p>We bear the cost of returning the goods.</p><p>You are only liable for any "
     "diminished value of the goods resulting from the handling other than what is necessary to "
     "establish the nature, characteristics and functioning of the goods.</p>"),
    ("Exceptions", "<p>The right of withdrawal does not apply to goods made to the consumer's "
     "specifications or clearly personalised, such as keyboards assembled to your configuration in the "
     "custom keyboard builder.</p>"),
    ("Our 30-day returns promise", "<p>Beyond the statutory right, you may return unused products in "
     "their original packaging within 30 days of delivery for a full refund. This promise does not limit "
     "your statutory rights. Write to us with your order number and we send you a prepaid return "
     "label.</p>"),
    ("Model withdrawal form", "<p>(Complete and return this form only if you wish to withdraw from the "
     "contract.)</p><ul>"
     f"<li>To {_POSTAL}, email {_MAIL}:</li>"
     "<li>I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the "
     "following goods (*)/for the provision of the following service (*): ____________________</li>"
     "<li>Ordered on (*)/received on (*): ____________________</li>"
     "<li>Order number: ____________________</li>"
     "<li>Name of consumer(s): ____________________</li>"
     "<li>Address of consumer(s): ____________________</li>"
     "<li>Signature of consumer(s) (only if this form is notified on paper): ____________________</li>"
     "<li>Date: ____________________</li></ul><p>(*) Delete as appropriate.</p>"),
]  # fmt: skip

#: Page id -> the headings its content must contain (in this order).
LEGAL_SECTIONS: dict[int, list[str]] = {
    IMPRINT_ID: [t for t, _ in IMPRINT_SECTIONS],
    TERMS_ID: [t for t, _ in TERMS_SECTIONS],
    PRIVACY_ID: [t for t, _ in PRIVACY_SECTIONS],
    WITHDRAWAL_ID: [t for t, _ in WITHDRAWAL_SECTIONS],
}

LEGAL_PAGES: list[dict[str, Any]] = [
    {"id": PRIVACY_ID, "slug": "privacy-policy", "title": "Privacy Policy", "menu_order": 31,
     "content": _sections(PRIVACY_SECTIONS)},
    {"id": TERMS_ID, "slug": "terms-and-conditions", "title": "Terms and Conditions", "menu_order": 32,
     "content": _sections(TERMS_SECTIONS) + f"\n<p>Last updated: {UPDATED}.</p>"},
    {"id": IMPRINT_ID, "slug": "imprint", "title": "Imprint", "menu_order": 33,
     "content": _sections(IMPRINT_SECTIONS)},
    {"id": WITHDRAWAL_ID, "slug": "right-of-withdrawal", "title": "Returns and Right of Withdrawal",
     "menu_order": 34, "content": _sections(WITHDRAWAL_SECTIONS)},
]  # fmt: skip

/**
 * Sentences that carry PII, per type, and hard negatives per type (values that share the shape but fail the rules,
 * or numbers of the same length in a context that is not about a person). Slots: {card}, {ssn}, {iban}, {phone},
 * {email}, {email2}, {ip} are labelled gold values; {name}, {date}, {time}, {exp} and the look-alike slots are not.
 */
export type PiiType = "credit_card" | "us_ssn" | "iban" | "phone" | "email" | "ip_address";

export const PII_TYPES: readonly PiiType[] = [
  "credit_card",
  "us_ssn",
  "iban",
  "phone",
  "email",
  "ip_address",
];

export interface PiiTemplate {
  id: string;
  /** The type this template is about (its gold type for positives, the type it imitates for negatives). */
  type: PiiType;
  positive: boolean;
  text: string;
}

const POS: Record<PiiType, string[]> = {
  credit_card: [
    "Please charge the card {card} for the renewal, exp {exp}.",
    "Card on file for {name}: {card}",
    "Customer read out the number {card} over the phone; CVV withheld.",
    "Updated payment details: card number {card}, expiry {exp}.",
    "Refund issued to {card} on {date}.",
    "My company card is {card}, use that one for the hotel booking.",
    "Declined transaction: card={card} amount=129.00 EUR",
    "Can you check why {card} keeps getting rejected at checkout?",
  ],
  us_ssn: [
    "SSN: {ssn}",
    "Employee {name}, social security number {ssn}, start date {date}.",
    "Please verify the applicant's SSN {ssn} against the W-2.",
    "Social Security No. {ssn} (on file since 2019).",
    "ssn={ssn} dob=1984-02-11",
    "Her Social Security number is {ssn}; keep it confidential.",
    "Tax form shows SSN #{ssn} for {name}.",
    "Confirm the SSN {ssn} with the caller before discussing the claim.",
  ],
  iban: [
    "Please wire the deposit to IBAN {iban}.",
    "Bank details: {name}, IBAN {iban}, BIC DEUTDEFFXXX",
    "Kontoverbindung: IBAN {iban}",
    "Refunds go to account {iban} unless told otherwise.",
    "iban: {iban}",
    "Update the supplier's bank account to {iban} effective {date}.",
    "Your salary will be paid into {iban}.",
    "SEPA mandate for {iban} signed on {date}.",
  ],
  phone: [
    "Call me on {phone} after 5pm.",
    "Phone: {phone}",
    "Contact {name} at {phone} for delivery questions.",
    "mobile={phone}",
    "Our support line is {phone} (Mon to Fri).",
    "Left a voicemail for the customer at {phone}.",
    "Tel. {phone} / fax on request",
    "If it's urgent, text {phone}.",
  ],
  email: [
    "Reach me at {email}.",
    "Email: {email}",
    "cc {email} on the reply",
    "Account owner: {name} <{email}>",
    "The invite was sent to {email} yesterday.",
    "user_email={email}",
    "Please update my address from {email} to {email2}.",
    "Questions? Write to {email}.",
  ],
  ip_address: [
    "Login from {ip} at {time}.",
    "Server address: {ip}",
    "Blocked {ip} after 20 failed attempts.",
    "remote_addr={ip} status=403",
    "Please whitelist {ip} on the firewall.",
    "The VPN assigned {ip} to your laptop.",
    "DNS resolves to {ip}.",
    "Connection reset by peer {ip}",
  ],
};

const NEG: Record<PiiType, string[]> = {
  credit_card: [
    "Order number {card_like} has shipped.",
    "Reference {card_like}: please quote it in all correspondence.",
    "ISBN {isbn} is the paperback edition.",
    "Serial number {card_like} is out of warranty.",
  ],
  us_ssn: [
    "Order {digits9} ships tomorrow.",
    "Routing number {routing} for domestic transfers.",
    "Delivery ZIP code {zip4}.",
    "Case ID {digits9} was closed on {date}.",
  ],
  iban: [
    "The IBAN {iban_like} was rejected: checksum mismatch.",
    "Reference {iban_like} (invalid, please resend).",
    "Validator test string {iban_like} should fail.",
    "Container {container} was loaded in Rotterdam.",
  ],
  phone: [
    "Build {build} released on {date}.",
    "Invoice total 1,234,567.89 due {date}.",
    "Order #{digits10} confirmed.",
    "Coordinates 52.520008, 13.404954 mark the office.",
  ],
  email: [
    "Install with npm i lodash@4.17.21 and @types/node@20.",
    "Follow us at @acme_support for updates.",
    "Use the @media (max-width: 600px) rule and the @Injectable() decorator.",
    "Meet @ 10:30 in room 4, bring the slides.",
  ],
  ip_address: [
    "Upgrade to version {semver} before Friday.",
    "Windows build {build} is required.",
    "OID 1.3.6.1.4.1.311.21.8 identifies the template.",
    "User agent Chrome/120.0.6099.109 Safari/537.36",
  ],
};

const SHORT: Record<PiiType, string> = {
  credit_card: "card",
  us_ssn: "ssn",
  iban: "iban",
  phone: "phone",
  email: "email",
  ip_address: "ip",
};

export const PII_TEMPLATES: readonly PiiTemplate[] = [
  ...Object.entries(POS).flatMap(([type, texts]) =>
    texts.map((text, i) => ({
      id: `pii.${SHORT[type as PiiType]}.${String(i + 1).padStart(2, "0")}`,
      type: type as PiiType,
      positive: true,
      text,
    })),
  ),
  ...Object.entries(NEG).flatMap(([type, texts]) =>
    texts.map((text, i) => ({
      id: `pii.${SHORT[type as PiiType]}.neg${String(i + 1).padStart(2, "0")}`,
      type: type as PiiType,
      positive: false,
      text,
    })),
  ),
];

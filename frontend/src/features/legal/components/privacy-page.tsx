import { SUPPORT } from '@/config/support'
import { LegalPage, type LegalSection } from '@/features/legal/components/legal-page'

const sections: LegalSection[] = [
  {
    heading: '1. Information we collect',
    paragraphs: [
      'Account information: your name, email address, phone number, username, password (stored only as a one-way hash) and account type. Carriers also provide company details such as company name, business address, DOT and MC numbers and insurance documents.',
      'Shipment and transaction information: pickup and delivery locations, pallet counts, dates, prices, booking status, tracking updates and payout records. Card details are collected and stored by our payment processor, not by PalletLine.',
      'Usage information: pages you visit and actions such as signing in or searching, the date you accepted our agreements, and technical data such as your IP address and browser type, which we use to secure and improve the Platform.',
    ],
  },
  {
    heading: '2. How we use information',
    paragraphs: [
      'We use information to run the marketplace (matching shippers and carriers, processing bookings and payments, showing shipment status), to review carrier applications, to provide support, to prevent fraud and abuse, to meet legal obligations, and to understand and improve how the Platform is used.',
    ],
  },
  {
    heading: '3. How we share information',
    paragraphs: [
      "We share booking details between the shipper and the carrier of that booking as needed to move the freight. A carrier's identity is shown to a shipper only after the booking's payment is confirmed, and every such disclosure is logged with the booking, the viewer and the time.",
      'We share information with service providers that work for us (payment processing, hosting, email), when required by law or to protect rights and safety, and in connection with a merger or sale of our business. We do not sell your personal information.',
    ],
  },
  {
    heading: '4. Retention and security',
    paragraphs: [
      'We keep information for as long as your account is active and afterwards as needed for legal, tax, accounting and dispute purposes. We protect information with measures such as encrypted connections, hashed passwords and access controls, but no system is perfectly secure.',
    ],
  },
  {
    heading: '5. Your choices and rights',
    paragraphs: [
      'You can review and update your account details, and you may ask us to access, correct or delete your personal information, subject to records we must keep. Depending on your state of residence you may have additional rights, which we honor as required by law.',
    ],
  },
  {
    heading: '6. Children',
    paragraphs: [
      'PalletLine is for business use by adults. You must be at least 18 to use it, and we do not knowingly collect information from anyone younger.',
    ],
  },
  {
    heading: '7. Changes to this policy',
    paragraphs: [
      'We may update this policy. We will post the new version with its effective date and, for material changes, notify you before they take effect.',
    ],
  },
]

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what information PalletLine, Inc. collects when you use our freight
          marketplace, how we use and share it, and the choices you have. PalletLine is a neutral
          platform connecting shippers and carriers; it is not a broker or carrier.
        </p>
      }
      sections={[
        ...sections,
        {
          heading: '8. Contact us',
          paragraphs: [
            <>
              Privacy questions and requests:{' '}
              <a
                className="font-medium text-brand-700 hover:underline"
                href={`mailto:${SUPPORT.email}`}
              >
                {SUPPORT.email}
              </a>{' '}
              or {SUPPORT.phone}.
            </>,
          ],
        },
      ]}
    />
  )
}

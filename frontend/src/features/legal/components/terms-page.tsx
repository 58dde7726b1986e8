import { Link } from '@/components/ui/link'
import { paths } from '@/config/paths'
import { SUPPORT } from '@/config/support'
import { LegalPage, type LegalSection } from '@/features/legal/components/legal-page'

const link = 'font-medium text-brand-700 hover:underline'

const sections: LegalSection[] = [
  {
    heading: '1. Who we are',
    paragraphs: [
      'PalletLine, Inc. ("PalletLine") operates an online marketplace where shippers book pallet space on trucks operated by independent carriers, and carriers offer their capacity and claim posted loads.',
      "PalletLine is a neutral technology platform. We are not a freight broker, freight forwarder, motor carrier, shipper or dispatcher. We never take possession of freight, and each shipment is transported by the carrier that accepted it, under that carrier's own operating authority and insurance.",
    ],
  },
  {
    heading: '2. Eligibility and accounts',
    paragraphs: [
      'You must be at least 18 years old and able to enter into a binding contract to use PalletLine. Business users confirm that they are authorized to act for their company.',
      'You agree to give accurate information, keep your password secret and tell us promptly about any unauthorized use of your account. Carrier accounts are reviewed by our team, which may verify DOT numbers, insurance and other documents, before the carrier features become available.',
    ],
  },
  {
    heading: '3. Bookings, loads and conduct',
    paragraphs: [
      'Prices are fixed and shown before you book; there is no bidding. Shippers are responsible for describing freight accurately and having it ready, packaged and labelled for pickup. Carriers are responsible for safe, lawful and timely transportation, for keeping booking status up to date and for their drivers and equipment.',
      "You may not use PalletLine to ship hazardous, illegal or prohibited goods without the required disclosures and authority, to circumvent the Platform after being introduced through it, to post false listings or loads, or to interfere with the Platform's security or operation.",
    ],
  },
  {
    heading: '4. Fees and payments',
    paragraphs: [
      'Creating an account is free. PalletLine charges a small percentage on completed transactions; the fee that applies is shown in your account or at the time of the transaction. Card payments are processed by our third-party payment provider, and carriers receive payouts to the account they set up on the Platform once delivery has been confirmed.',
    ],
  },
  {
    heading: '5. Disclaimers and limitation of liability',
    paragraphs: [
      'PalletLine is provided "as is" and "as available". We do not guarantee carrier availability, delivery times or the condition of freight; claims for loss, damage or delay must be brought against the carrier that handled the shipment.',
      "To the fullest extent permitted by law, PalletLine is not liable for indirect, incidental, special, consequential or punitive damages, or for lost profits or data, and PalletLine's total liability for any claim relating to the Platform is limited to $100.",
    ],
  },
  {
    heading: '6. Disputes and governing law',
    paragraphs: [
      'These terms are governed by the laws of the State of Delaware. Disputes between you and PalletLine are resolved by binding individual arbitration, as described in the User Agreement, and you waive the right to a jury trial and to take part in class actions.',
    ],
  },
  {
    heading: '7. Changes and termination',
    paragraphs: [
      'We may update these terms; material changes are announced before they take effect, and continued use after the effective date means you accept them. You may close your account at any time, and we may suspend or close accounts that break these terms.',
    ],
  },
]

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          These Terms of Service apply to everyone who visits or uses PalletLine. They summarize and
          form part of our{' '}
          <Link to={paths.agreement.getHref()} className={link}>
            User Agreement
          </Link>{' '}
          and our{' '}
          <Link to={paths.privacy.getHref()} className={link}>
            Privacy Policy
          </Link>
          ; where they differ, the User Agreement governs.
        </p>
      }
      sections={[
        ...sections,
        {
          heading: '8. Contact',
          paragraphs: [
            <>
              Questions about these terms:{' '}
              <a className={link} href={`mailto:${SUPPORT.email}`}>
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

// The PalletLine User Agreement, version 2025-01-15. The text lives in one file in legal/ at
// the repository root that the server also reads: it hashes this exact text to record which version a user accepted, so a
// wording change needs a new version file (never edit a published version in place).
import agreementText from '../../../../legal/user-agreement-2025-01-15.txt?raw'

export const AGREEMENT_VERSION = '2025-01-15'

export const AGREEMENT_TEXT_2025_01_15: string = agreementText

import db from '@adonisjs/lucid/services/db'
import { CHAINS } from '#payments/chains'
import { verifyChain, type ChainVerdict } from '#core/hash_chain'

/** The tamper-evident chains of the payments module, verified from their first row. */
export default class AuditService {
  async verifyAll(): Promise<ChainVerdict[]> {
    const client = db.connection()
    const verdicts: ChainVerdict[] = []
    for (const chain of CHAINS) verdicts.push(await verifyChain(client, chain))
    return verdicts
  }
}

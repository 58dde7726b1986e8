/*
 * The app's ace commands: every module in backend/commands whose default export is a command,
 * registered through adonisrc's `commands` list (docs/decisions/0191).
 *
 * Ace's own file loader (AdonisJS 6, ace 13) checks each command's metadata with jsonschema 1.5,
 * whose `$ref` lookup parses a URL that Node 24.20 and later refuse ("Invalid URL"): with it no
 * command in the folder loaded, in `node ace` or in the tests. This loader reads the same folder
 * and hands the same classes to ace's ListLoader, which does not run that check. adonisrc's
 * `directories.commands` points ace's file loader at a folder that does not exist.
 */
import { readdir } from 'node:fs/promises'
import { ListLoader } from '@adonisjs/core/ace'
import type { BaseCommand } from '@adonisjs/core/ace'
import type { CommandMetaData } from '@adonisjs/core/types/ace'

const folder = new URL('../commands/', import.meta.url)
let loading: Promise<ListLoader<typeof BaseCommand>> | undefined

function isCommandModule(file: string) {
  return /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts') && !file.startsWith('_')
}

async function loader() {
  loading ??= (async () => {
    const files = (await readdir(folder)).filter(isCommandModule).sort()
    const commands = await Promise.all(
      files.map(async (file) => {
        // As ace's file loader: `.js` names resolve to the `.ts` sources under the TS loader.
        const module = await import(new URL(file.replace(/\.ts$/, '.js'), folder).href)
        const command = module.default as typeof BaseCommand | undefined
        if (typeof command?.serialize !== 'function') {
          throw new Error(`backend/commands/${file} does not export an ace command by default`)
        }
        return command
      })
    )
    return new ListLoader(commands)
  })()
  return loading
}

export async function getMetaData(): Promise<CommandMetaData[]> {
  return (await loader()).getMetaData()
}

export async function getCommand(metaData: CommandMetaData) {
  return (await loader()).getCommand(metaData)
}

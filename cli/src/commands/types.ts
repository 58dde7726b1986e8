import type { Command } from 'commander'
import type { CommandContext } from '../context.js'

/** Builds the context of the command being run (its global options resolved). */
export type ContextOf = (command: Command) => CommandContext

import React, { useEffect, useState } from 'react'
import { Box, Text, render, useApp, useInput } from 'ink'
import { CliError, USAGE_EXIT_CODE } from '../errors.js'
import { defaultStreams, inkStreams, type UiStreams } from './streams.js'

const h = React.createElement

export interface ConfirmPromptProps {
  question: string
  onAnswer: (answer: boolean) => void
}

/** y/n prompt; Enter, Esc and Ctrl+C count as "no", the safe answer for a state change. */
export function ConfirmPrompt({ question, onAnswer }: ConfirmPromptProps) {
  const [answer, setAnswer] = useState<boolean | null>(null)
  const { exit } = useApp()

  useInput(
    (input, key) => {
      const char = input.toLowerCase()
      let value: boolean | null = null
      if (char === 'y') value = true
      else if (char === 'n' || key.return || key.escape || (key.ctrl && char === 'c')) value = false
      if (value === null) return
      setAnswer(value)
      onAnswer(value)
    },
    { isActive: answer === null }
  )

  useEffect(() => {
    if (answer !== null) exit()
  }, [answer, exit])

  return h(
    Box,
    null,
    h(Text, { color: 'cyan' }, '? '),
    h(Text, { bold: true }, question),
    h(Text, { dimColor: true }, ' (y/N) '),
    answer === null ? null : h(Text, { color: answer ? 'green' : 'yellow' }, answer ? 'yes' : 'no')
  )
}

/** Key input needs a terminal in raw mode; piped or /dev/null stdin cannot answer. */
export function canPrompt(io: UiStreams = defaultStreams()): boolean {
  return Boolean(io.stdin.isTTY)
}

export async function renderConfirm(
  question: string,
  io: UiStreams = defaultStreams()
): Promise<boolean> {
  if (!canPrompt(io)) {
    throw new CliError(
      `"${question}" needs an interactive terminal; pass --yes to confirm.`,
      USAGE_EXIT_CODE
    )
  }
  let answer = false
  const instance = render(
    h(ConfirmPrompt, {
      question,
      onAnswer: (value) => {
        answer = value
      },
    }),
    { ...inkStreams(io), exitOnCtrlC: false, patchConsole: false }
  )
  await instance.waitUntilExit()
  return answer
}

import React, { useEffect, useState } from 'react'
import { Box, Text, render, useApp, useInput } from 'ink'
import { CliError, USAGE_EXIT_CODE } from '../errors.js'
import { canPrompt } from './confirm.js'
import { defaultStreams, inkStreams, type UiStreams } from './streams.js'

const h = React.createElement

export interface AskPromptProps {
  question: string
  /** shorter text (but not none) is not sent: the prompt says so and keeps asking */
  minLength: number
  maxLength: number
  /** the text, trimmed; null when the operator gave none (Enter on nothing, Esc, Ctrl+C) */
  onAnswer: (answer: string | null) => void
}

/** One line of text: typed, Backspace to correct, Enter to send; Esc and Ctrl+C give up. */
export function AskPrompt({ question, minLength, maxLength, onAnswer }: AskPromptProps) {
  const [text, setText] = useState('')
  const [done, setDone] = useState(false)
  const [tooShort, setTooShort] = useState(false)
  const { exit } = useApp()

  /** Sends the line: none gives up, too short asks again. */
  const submit = (line: string) => {
    const answer = line.trim()
    if (answer !== '' && answer.length < minLength) {
      setTooShort(true)
      return
    }
    setDone(true)
    onAnswer(answer === '' ? null : answer)
  }

  useInput(
    (input, key) => {
      if (key.escape || (key.ctrl && input === 'c')) {
        setDone(true)
        onAnswer(null)
      } else if (key.return) {
        submit(text)
      } else if (key.backspace || key.delete) {
        setText((current) => current.slice(0, -1))
      } else if (!key.ctrl && !key.meta && input) {
        // Typed fast or pasted, keys arrive together: a line break in them sends the line.
        const [line = '', ...rest] = input.split(/\r\n|\r|\n/)
        const next = (text + line).slice(0, maxLength)
        setText(next)
        if (rest.length > 0) submit(next)
      }
    },
    { isActive: !done }
  )

  useEffect(() => {
    if (done) exit()
  }, [done, exit])

  return h(
    Box,
    { flexDirection: 'column' },
    h(Box, null, h(Text, { color: 'cyan' }, '? '), h(Text, { bold: true }, question)),
    h(
      Box,
      null,
      h(Text, { color: 'cyan' }, '› '),
      h(Text, null, text),
      done ? null : h(Text, { dimColor: true }, `  (Enter to send, Esc to cancel)`)
    ),
    tooShort && !done
      ? h(Text, { color: 'yellow' }, `At least ${minLength} characters, please.`)
      : null
  )
}

/** Asks for a line of text on a terminal; null when the operator gave none. */
export async function renderAsk(
  question: string,
  io: UiStreams = defaultStreams(),
  options: { minLength: number; maxLength: number }
): Promise<string | null> {
  if (!canPrompt(io)) {
    throw new CliError(`"${question}" needs an interactive terminal.`, USAGE_EXIT_CODE)
  }
  let answer: string | null = null
  const instance = render(
    h(AskPrompt, {
      question,
      minLength: options.minLength,
      maxLength: options.maxLength,
      onAnswer: (value) => {
        answer = value
      },
    }),
    { ...inkStreams(io), exitOnCtrlC: false, patchConsole: false }
  )
  await instance.waitUntilExit()
  return answer
}

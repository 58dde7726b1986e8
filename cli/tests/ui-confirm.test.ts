import React from 'react'
import { cleanup, render } from 'ink-testing-library'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfirmPrompt, renderConfirm } from '../src/ui/confirm.js'
import { CliError } from '../src/errors.js'
import {
  CapturedOutput,
  FakeTerminalInput,
  FakeTerminalOutput,
  delay,
  eventually,
  pipedInput,
  stripAnsi,
} from './helpers/streams.js'

const h = React.createElement

afterEach(() => cleanup())

describe('ConfirmPrompt', () => {
  it('answers yes on "y"', async () => {
    const onAnswer = vi.fn()
    const { stdin, lastFrame } = render(
      h(ConfirmPrompt, { question: 'Approve user 12?', onAnswer })
    )
    expect(stripAnsi(lastFrame() ?? '')).toBe('? Approve user 12? (y/N)')

    await delay(20) // useInput subscribes in an effect, after the first frame
    stdin.write('y')

    await eventually(() => expect(onAnswer).toHaveBeenCalledWith(true))
    await eventually(() =>
      expect(stripAnsi(lastFrame() ?? '')).toBe('? Approve user 12? (y/N) yes')
    )
  })

  it('answers no on "n"', async () => {
    const onAnswer = vi.fn()
    const { stdin, lastFrame } = render(h(ConfirmPrompt, { question: 'Reject user 12?', onAnswer }))
    await delay(20)
    stdin.write('n')

    await eventually(() => expect(onAnswer).toHaveBeenCalledWith(false))
    await eventually(() => expect(stripAnsi(lastFrame() ?? '')).toContain('no'))
  })

  it('treats Enter as the safe answer, no, and ignores other keys', async () => {
    const onAnswer = vi.fn()
    const { stdin } = render(h(ConfirmPrompt, { question: 'Approve user 12?', onAnswer }))
    await delay(20)
    stdin.write('x')
    await delay(20)
    expect(onAnswer).not.toHaveBeenCalled()
    stdin.write('\r')
    await eventually(() => expect(onAnswer).toHaveBeenCalledWith(false))
    expect(onAnswer).toHaveBeenCalledTimes(1)
  })
})

describe('renderConfirm', () => {
  it('resolves with the answer typed on the terminal', async () => {
    const stdout = new FakeTerminalOutput()
    const stdin = new FakeTerminalInput()
    const answer = renderConfirm('Approve user 5?', { stdout, stdin })

    await eventually(() => expect(stripAnsi(stdout.text)).toContain('Approve user 5?'))
    await delay(20)
    stdin.press('y')

    await expect(answer).resolves.toBe(true)
  })

  it('refuses to prompt without a terminal and points to --yes', async () => {
    const attempt = renderConfirm('Approve user 5?', {
      stdout: new CapturedOutput(),
      stdin: pipedInput,
    })
    await expect(attempt).rejects.toBeInstanceOf(CliError)
    await expect(attempt).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('--yes'),
    })
  })
})

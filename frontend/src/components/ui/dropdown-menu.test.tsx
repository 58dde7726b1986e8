import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '@/components/ui/dialog'

function Menu({ onSelect }: { onSelect: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger aria-label="Account menu">Me</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={onSelect}>Settings</DropdownMenuItem>
        <DropdownMenuItem>Log out</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

// Radix's code loads when a menu or dialog is first opened (decision 0219). The first test of
// each kind meets the light trigger (nothing loaded yet in this file); the later ones Radix's.
describe('menus and dialogs whose Radix code loads on first open', () => {
  it('a menu opens from the keyboard before its code has loaded, and focus comes back', async () => {
    const onSelect = vi.fn()
    render(<Menu onSelect={onSelect} />)
    const trigger = screen.getByRole('button', { name: 'Account menu' })
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu')
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    trigger.focus()
    fireEvent.keyDown(trigger, { key: 'Enter' })
    const menu = await screen.findByRole('menu')
    await waitFor(() => expect(menu).toHaveFocus())
    // Radix's trigger now (hidden from the accessibility tree while the modal menu is open).
    expect(screen.getByRole('button', { name: 'Account menu', hidden: true })).toHaveAttribute(
      'aria-expanded',
      'true'
    )
    fireEvent.keyDown(menu, { key: 'ArrowDown' })
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus())
    fireEvent.click(screen.getByRole('menuitem', { name: 'Settings' }))
    expect(onSelect).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('menu')).toBeNull()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus())
  })

  it('a menu opens on click once its code is there, and Escape closes it', async () => {
    render(<Menu onSelect={() => undefined} />)
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Account menu' }), {
      button: 0,
      ctrlKey: false,
    })
    const menu = await screen.findByRole('menu')
    fireEvent.keyDown(menu, { key: 'Escape' })
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('a dialog opens on click from its light trigger, as a labelled modal dialog', async () => {
    render(
      <Dialog>
        <DialogTrigger>Add truck</DialogTrigger>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>New truck</DialogTitle>
        </DialogContent>
      </Dialog>
    )
    const trigger = screen.getByRole('button', { name: 'Add truck' })
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog')
    trigger.focus()
    fireEvent.click(trigger)
    const dialog = await screen.findByRole('dialog', { name: 'New truck' })
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add truck' })).toHaveFocus())
  })
})

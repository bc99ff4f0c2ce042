import { goToTab, openBackOffice } from '../admin/admin-helpers'
import { expect, test } from '../fixtures'
import { expectAccessible } from './axe-kit'

// axe takes a few seconds a screen on a shared CI machine.
test.describe.configure({ timeout: 120_000 })

test('every back office tab', async ({ page, admin }) => {
  await openBackOffice(page, admin)
  await expectAccessible(page, 'Instruments')
  for (const tab of ['Users', 'Categories', 'Admins', 'Historyshops', 'Profile']) {
    await goToTab(page, tab)
    await expectAccessible(page, tab)
  }
  await goToTab(page, 'Historyshops')
  await page.getByRole('button', { name: 'Estadistica' }).click()
  await expect(page.locator('.admin-chart-canvas svg').first()).toBeVisible()
  await expectAccessible(page, 'the sales chart')
})

test('the back office dialogs: create, edit, delete and sale details', async ({ page, admin }) => {
  await openBackOffice(page, admin)
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByText('Product creation form')).toBeVisible()
  await expectAccessible(page, 'the instrument create form')
  await page.getByRole('button', { name: 'Create' }).click()

  const edit = page.getByRole('button', { name: /^Edit / }).first()
  await edit.click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expectAccessible(page, 'the edit dialog')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()

  await page
    .getByRole('button', { name: /^Delete / })
    .first()
    .click()
  await expect(page.getByRole('alertdialog')).toBeVisible()
  await expectAccessible(page, 'the delete confirmation')
  await page.getByRole('button', { name: 'Cancelar' }).click()

  await goToTab(page, 'Historyshops')
  await page.getByRole('button', { name: 'Detalles' }).first().click()
  await expect(page.getByRole('dialog', { name: 'Datos Historyshop' })).toBeVisible()
  await expectAccessible(page, 'the sale details')
})

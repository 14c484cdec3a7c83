import { describe, expect, it } from 'vitest'
import { activateLocale, currentLL, currentTranslations, loadNamespaces, subscribeTranslations } from '../../src/app/language'

// The browser's dictionary: the root with the first page, an area's namespace with the area's screens.
describe('the active language', () => {
  it('shows a namespace once loaded, and keeps it in every language activated later', async () => {
    await activateLocale('en')
    const atFirst = currentTranslations()
    expect(atFirst.LL.auth.login.title()).toBe('Log in')
    // the organization screens' texts are not part of the first load
    expect(atFirst.LL.organizationUsers.search()).toBe('')

    let published = 0
    const stop = subscribeTranslations(() => published++)
    await loadNamespaces(['organizationUsers'])
    // the screens are told, and get new functions that read the grown dictionary
    expect(published).toBe(1)
    expect(currentTranslations()).not.toBe(atFirst)
    expect(currentTranslations().LL.organizationUsers.search()).toBe('Search users')
    expect(currentLL().organizationUsers.search()).toBe('Search users')

    // switching the language on an organization screen: its texts come in the new language at once
    await activateLocale('ja')
    expect(currentTranslations().locale).toBe('ja')
    expect(currentLL().organizationUsers.search()).toBe('ユーザーを検索')
    expect(currentLL().organizationProfile.title()).toBe('')

    // already loaded: nothing to tell
    await loadNamespaces(['organizationUsers'])
    expect(published).toBe(2)
    stop()
  })

  it('loads a namespace asked for while another language is being activated into that language too', async () => {
    await activateLocale('en')
    const switching = activateLocale('vi')
    const loading = loadNamespaces(['organizationProfile'])
    await Promise.all([switching, loading])
    expect(currentTranslations().locale).toBe('vi')
    expect(currentLL().organizationProfile.title()).not.toBe('')
    expect(currentLL().organizationProfile.title()).not.toBe('Organization profile')
  })
})

import { describe, expect, it } from 'vitest'
import { afterLogin, returnToOf, sanitizeReturnTo } from '../../src/app/return-to'

describe('sanitizeReturnTo', () => {
  it.each([
    ['/profile', '/profile'],
    ['/', '/'],
    ['/organization/3/students', '/organization/3/students'],
    ['/organization/3/students?page=2#top', '/organization/3/students?page=2#top'],
    ['/organization/3/students?search=a%20b', '/organization/3/students?search=a%20b'],
    ['/terms', '/terms'],
    ['/admin/organization/12', '/admin/organization/12'],
  ])('keeps the app path %s', (value, kept) => {
    expect(sanitizeReturnTo(value)).toBe(kept)
  })

  it.each([
    // other origins, written plainly
    '//evil.example',
    '//evil.example/profile',
    'http://evil.example/profile',
    'https://evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    'evil.example/profile',
    'profile',
    // backslashes, which browsers read as slashes
    '/\\evil.example',
    '\\\\evil.example',
    '/profile\\..\\..\\evil',
    // white space and control characters that browsers drop from URLs
    '/\t/evil.example',
    '/\n/evil.example',
    ' /profile',
    '/profile\u0000',
    // encoded variants, once, twice and deeper than anybody needs
    '/%2F/evil.example',
    '/%2fevil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%252F/evil.example',
    '/%25252F/evil.example',
    '/%2525252F/evil.example',
    '/%09/evil.example',
    // not percent-encoding
    '/profile%',
    // pages a login must not lead to
    '/login',
    '/login?next=/profile',
    '/signup',
    '/no-such-page',
    // nothing
    '',
    null,
    undefined,
    `/${'a'.repeat(2001)}`,
  ])('refuses %j', (value) => {
    expect(sanitizeReturnTo(value)).toBeNull()
  })
})

describe('returnToOf', () => {
  it('reads ?next= from a query string', () => {
    expect(returnToOf('next=%2Fprofile')).toBe('/profile')
    expect(returnToOf('?next=%2Forganization%2F3%2Fstudents%3Fpage%3D2')).toBe('/organization/3/students?page=2')
    expect(returnToOf('invite=abc')).toBeNull()
    expect(returnToOf('next=%2F%2Fevil.example')).toBeNull()
    expect(returnToOf('next=https%3A%2F%2Fevil.example')).toBeNull()
  })
})

describe('afterLogin', () => {
  it("goes back to the login's ?next=, else home", () => {
    expect(afterLogin('/', '?next=%2Fprofile')).toBe('/profile')
    expect(afterLogin('/admin', '')).toBe('/admin')
    expect(afterLogin('/', '?next=%2F%5Cevil.example')).toBe('/')
  })
})

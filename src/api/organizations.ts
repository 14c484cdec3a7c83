import { fromPromise } from 'xstate'
import type { Country, Organization, OrganizationFormValues, SaveOrganizationInput } from '../../machines/types'
import type { components } from '../../openapi/schema'
import { api, unwrap } from './client'

type OrganizationRequest = components['schemas']['UpdateOrganizationRequest']

/**
 * The real actors of the organization flows: the organization form, the platform admin's list.
 * Each calls the API client, forwards the abort signal and throws `{status, body}` for an error
 * response (see client.unwrap).
 */

/** The form's values as the contract's request: trimmed, the phone joined by one space, empty address_2 as null. */
export function organizationRequest(values: OrganizationFormValues): OrganizationRequest {
  const text = (value: string) => value.trim()
  return {
    name: text(values.name),
    type: values.type as OrganizationRequest['type'],
    industry: values.industry as OrganizationRequest['industry'],
    address_1: text(values.address_1),
    address_2: text(values.address_2) === '' ? null : text(values.address_2),
    city: text(values.city),
    state: text(values.state),
    postal_code: text(values.postal_code),
    country: values.country,
    phone: `${text(values.phone_code)} ${text(values.phone_number).replace(/[\s-]/g, '')}`,
    timezone: values.timezone,
    ...(values.is_verified === null ? {} : { is_verified: values.is_verified }),
  }
}

/** POST /v1/organizations/ (with the owner, who is invited as admin) or PUT /v1/organizations/{id}/. */
export const saveOrganization = fromPromise<Organization, SaveOrganizationInput>(({ input, signal }) => {
  const body = organizationRequest(input.values)
  if (input.organizationId === null)
    return unwrap(api.POST('/v1/organizations/', { body: { ...body, owner_user: (input.values.owner_user ?? '').trim() }, signal }))
  return unwrap(api.PUT('/v1/organizations/{id}/', { params: { path: { id: input.organizationId } }, body, signal }))
})

/** GET /v1/countries/ — named in the active language (the client sends it as Accept-Language). */
export const loadCountries = fromPromise<Country[]>(({ signal }) => unwrap(api.GET('/v1/countries/', { signal })))

export const organizationFormActors = { loadCountries, saveOrganization }

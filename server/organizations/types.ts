import type { Handler } from '../contract/handler.js'
import { organizationTypeEnum } from '../db/schema.js'

/** GET /v1/organizations/types/ — the organization types with stable ids (school 1, company 2). */
export const listOrganizationTypes: Handler<'listOrganizationTypes'> = async () =>
  organizationTypeEnum.enumValues.map((name, index) => ({ id: index + 1, name }))

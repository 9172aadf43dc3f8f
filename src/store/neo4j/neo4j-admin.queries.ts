/** The Cypher files (under cypher/admin/) the tenant-registry adapter runs: tenants and API keys as data. */
export const ADMIN_QUERIES = [
  'admin/create-tenant',
  'admin/get-tenant',
  'admin/list-tenants',
  'admin/delete-tenant',
  'admin/create-key',
  'admin/get-key',
  'admin/list-keys',
  'admin/list-keys-all',
  'admin/revoke-key',
] as const;

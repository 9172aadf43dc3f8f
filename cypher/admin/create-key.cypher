CYPHER 25
CREATE (k:ApiKey {
  id: $id,
  tenantId: $tenantId,
  name: $name,
  scope: $scope,
  salt: $salt,
  hash: $hash,
  createdAt: $createdAt,
  expiresAt: $expiresAt,
  revokedAt: null
})

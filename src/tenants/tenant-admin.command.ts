import type { AppConfig } from 'src/config/config';
import { tenantArg, withService } from 'src/tenant-data/tenant-data.command';
import { TenantAdminService } from 'src/tenants/tenant-admin.service';

/** The value after `--name` (or `--name=value`); undefined when absent. */
function option(args: readonly string[], name: string): string | undefined {
  const index = args.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  const arg = args[index];
  if (index < 0 || arg === undefined) {
    return undefined;
  }
  const value = arg.startsWith(`${name}=`) ? arg.slice(name.length + 1) : args[index + 1];
  if (value === undefined || value.length === 0 || value.startsWith('--')) {
    throw new Error(`${name} needs a value`);
  }

  return value;
}

/** The first argument after the subcommand that is no option (a tenant or key id). */
function idArg(args: readonly string[], what: string): string {
  const id = args.slice(1).find((arg) => !arg.startsWith('--'));
  if (id === undefined) {
    throw new Error(`${args[0]} needs the ${what} id`);
  }

  return id;
}

function withAdmin<T>(config: AppConfig, work: (admin: TenantAdminService) => Promise<T>): Promise<T> {
  // no key service in this process: API processes see a revocation within API_KEY_CACHE_MS
  return withService(config, (data, stores) => work(new TenantAdminService(stores.tenants, data, null, config)));
}

/** `node dist/main.js tenants list | create <id> | delete <id> --yes` */
export function runTenants(config: AppConfig, args: readonly string[]): Promise<unknown> {
  switch (args[0]) {
    case 'list':
      return withAdmin(config, (admin) => admin.listTenants());
    case 'create':
      return withAdmin(config, (admin) => admin.createTenant(idArg(args, 'tenant')));
    case 'delete': {
      const id = idArg(args, 'tenant');
      if (!args.includes('--yes')) {
        throw new Error(`delete purges everything of tenant "${id}" for good: add --yes to confirm`);
      }

      return withAdmin(config, (admin) => admin.deleteTenant(id));
    }
    default:
      throw new Error('use: tenants list | tenants create <id> | tenants delete <id> --yes');
  }
}

/** `node dist/main.js keys list [--tenant T] | create --tenant T [--name N] [--expires ISO] [--read-only] | revoke <id> | rotate <id>` */
export function runKeys(config: AppConfig, args: readonly string[]): Promise<unknown> {
  switch (args[0]) {
    case 'list': {
      const tenantId = args.some((a) => a.startsWith('--tenant')) ? tenantArg(args) : null;

      return withAdmin(config, (admin) => admin.listKeys(tenantId));
    }
    case 'create': {
      const expires = option(args, '--expires');
      const request = {
        tenantId: tenantArg(args),
        name: option(args, '--name') ?? null,
        expiresAt: expires === undefined ? null : new Date(expires),
        readOnly: args.includes('--read-only'),
      };

      return withAdmin(config, (admin) => admin.createKey(request));
    }
    case 'revoke':
      return withAdmin(config, (admin) => admin.revokeKey(idArg(args, 'key')));
    case 'rotate':
      return withAdmin(config, (admin) => admin.rotateKey(idArg(args, 'key')));
    default:
      throw new Error(
        'use: keys list [--tenant T] | keys create --tenant T [--name N] [--expires ISO-8601] [--read-only] | keys revoke <id> | keys rotate <id>',
      );
  }
}

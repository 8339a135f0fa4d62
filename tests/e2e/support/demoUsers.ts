import type { Role, UserStatus } from '../../../src/domain/roles';

/** Password of every demo user (issue 2, README). */
export const DEMO_PASSWORD = 'lumio-demo';

export interface DemoUser {
  email: string;
  /** What the header's profile button shows: first and last name. */
  displayName: string;
  role: Role;
  status: UserStatus;
}

/** The seven demo users the embedded database is seeded with (server/db/seed.ts, issue 2). */
export const DEMO_USERS = {
  systemAdmin: {
    email: 'systemadmin@lumio.example',
    displayName: 'Sabine System',
    role: 'SystemAdmin',
    status: 'VerifiedAndApproved',
  },
  lumioAdmin: {
    email: 'admin@lumio.example',
    displayName: 'Anton Admin',
    role: 'LumioAdmin',
    status: 'VerifiedAndApproved',
  },
  systemIntegratorAdmin: {
    email: 'integrator@fotosoft.example',
    displayName: 'Ingo Integrator',
    role: 'SystemIntegratorAdmin',
    status: 'VerifiedAndApproved',
  },
  owner: {
    email: 'inhaber@studio-sonnenschein.example',
    displayName: 'Stefan Sonnenschein',
    role: 'Owner',
    status: 'VerifiedAndApproved',
  },
  accountAdministrator: {
    email: 'kontoadmin@studio-sonnenschein.example',
    displayName: 'Kim Konto',
    role: 'AccountAdministrator',
    status: 'VerifiedAndApproved',
  },
  employee: {
    email: 'mitarbeiterin@studio-sonnenschein.example',
    displayName: 'Maria Mitarbeit',
    role: 'Employee',
    status: 'VerifiedAndApproved',
  },
  unverifiedOwner: {
    email: 'neu@studio-morgenrot.example',
    displayName: 'Nora Neumann',
    role: 'Owner',
    status: 'Approved',
  },
} as const satisfies Record<string, DemoUser>;

export type DemoUserKey = keyof typeof DEMO_USERS;

export declare function loginThroughKeycloak(options: {
  keycloakUrl: string;
  realm?: string;
  clientId?: string;
  portalUrl: string;
  username: string;
  password: string;
  /** The code for Keycloak's code page (default: a demo code no other login on this machine sent). */
  otp?: () => string | Promise<string>;
}): Promise<{ accessToken: string; refreshToken: string }>;

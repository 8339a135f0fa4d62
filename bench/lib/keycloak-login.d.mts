export declare function loginThroughKeycloak(options: {
  keycloakUrl: string;
  realm?: string;
  clientId?: string;
  portalUrl: string;
  username: string;
  password: string;
  /** The code for Keycloak's code page (default: the demo accounts' current code). */
  otp?: () => string | Promise<string>;
}): Promise<{ accessToken: string; refreshToken: string }>;

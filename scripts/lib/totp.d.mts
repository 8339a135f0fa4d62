export declare const DEMO_TOTP_SECRET: string;
export declare function totpCode(secret: string, at?: Date): string;
export declare function demoTotpCode(at?: Date): string;
export declare function claimDemoTotpCode(account: string, secret?: string): Promise<string>;
export declare function sendUnusedTotpCode<T>(
  account: string,
  secret: string | undefined,
  send: (code: string) => Promise<T>,
): Promise<T>;

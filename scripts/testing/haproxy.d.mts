export declare const CERTS_IN_IMAGE: string;
export declare function haproxyMissing(): string | null;
export declare function selfSignedCertificate(dir: string, name?: string): { pem: string; certificate: string };
export declare function localConfig(options: { httpPort: number; httpsPort: number; apiPorts: number[]; certDir: string }): string;
export interface LocalHaproxy {
  readonly httpPort: number;
  readonly httpsPort: number;
  /** The self-signed certificate (PEM) it serves, for a client to trust. */
  readonly certificate: string;
  log(): string;
  stop(): Promise<void>;
}
export declare function startHaproxy(options: { apiPorts: number[]; workDir: string }): Promise<LocalHaproxy>;

export function samplePhoto(label?: string, width?: number, height?: number): Promise<Buffer>;
export function taiwanId(): string;
export function submitKyc(opts: {
  base: string;
  token: string;
  name?: string;
  idNumber?: string;
  nationality?: string;
  front?: Buffer;
  back?: Buffer;
}): Promise<{ status: number; body: any }>;
export function verifyIdentity(opts: { base: string; userToken: string; operatorToken: string }): Promise<void>;

export interface ClusterProcess {
  readonly name: string;
  readonly pid: number;
  running(): boolean;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last `n` lines of its output. */
  tail(n?: number): string;
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<void>;
  /** Sends the signal (default SIGTERM) and waits for the exit (SIGKILL after 10 s). */
  stop(signal?: NodeJS.Signals): Promise<unknown>;
}
export interface ClusterApi extends ClusterProcess {
  readonly port: number;
  readonly url: string;
}
export interface Balancer {
  /** Backends a new connection tries, in this order (the first that accepts gets it). */
  order: string[];
  readonly routed: { backend: string; at: number }[];
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}
export declare function startApi(name: string, extraEnv?: Record<string, string>): Promise<ClusterApi>;
export declare function startWorker(name: string, extraEnv?: Record<string, string>): Promise<ClusterProcess>;
export declare function startBalancer(backends: Record<string, number>): Promise<Balancer>;
export declare function stopLeftoverProcesses(dir?: string): Promise<void>;

// Per-project test timeout (jest's `testTimeout` is a global option, so the integration and browser
// projects set theirs here): real servers, real Chromium.
import { jest } from '@jest/globals';

jest.setTimeout(Number(process.env.JEST_TIER_TIMEOUT_MS ?? 120_000));

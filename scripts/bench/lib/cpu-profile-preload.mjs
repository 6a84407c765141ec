// Preloaded (node --import) into a server process by a benchmark run with --profile. The first
// SIGWINCH starts sampling the CPU with the inspector; the second writes the profile to
// $BENCH_PROFILE_FILE (a .cpuprofile, readable by Chrome DevTools) and stops.
import fs from 'node:fs';
import { Session } from 'node:inspector';

const file = process.env.BENCH_PROFILE_FILE;
if (file) {
  const session = new Session();
  session.connect();
  const post = (method, params = {}) => new Promise((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));
  let state = 'idle';
  process.on('SIGWINCH', () => {
    if (state === 'idle') {
      state = 'running';
      post('Profiler.enable')
        .then(() => post('Profiler.setSamplingInterval', { interval: 500 }))
        .then(() => post('Profiler.start'))
        .catch((err) => process.stderr.write(`cpu profile not started: ${err.message}\n`));
    } else if (state === 'running') {
      state = 'done';
      post('Profiler.stop')
        .then(({ profile }) => {
          fs.writeFileSync(`${file}.tmp`, JSON.stringify(profile));
          fs.renameSync(`${file}.tmp`, file);
        })
        .catch((err) => process.stderr.write(`cpu profile not written: ${err.message}\n`))
        .finally(() => session.disconnect());
    }
  });
}

// `npm run check`: `typecheck` and `lint` at the same time. tsc and ESLint each keep one core busy,
// so on the 2-core CI machine the pair takes about as long as the slower one instead of their sum
// (issue 25: CI time). Each one's output is printed whole when it ends; the exit code is non-zero
// when either failed.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const npm = process.env.npm_execpath;

function run(script) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = npm
      ? spawn(process.execPath, [npm, 'run', '--silent', script], { cwd: root })
      : spawn('npm', ['run', '--silent', script], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      process.stdout.write(
        `\n== npm run ${script}: ${code === 0 ? 'ok' : `Fehler (Code ${code})`} nach ${seconds} s\n${output}`,
      );
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(['typecheck', 'lint'].map(run));
process.exit(results.every(Boolean) ? 0 : 1);

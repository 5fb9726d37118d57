// Server commands that take as long as the machine makes them. web-test-runner gives every
// executeServerCommand 20 s for its answer (a fixed limit in @web/dev-server-core), and a whole
// login driven in another window of a busy machine's WebKit can take longer. So the browser side
// (serverCommand in test/support/commands.ts) starts such a command as a job and asks for its
// outcome until it has one; each ask is answered within 10 s, done or not.
//
//   'job-start' { command, payload } -> id     runs `command` through the plugins given
//   'job-wait'  { id } -> { done: false } | { done: true, value } | { done: true, error }

/**
 * @param {Array<{ executeCommand(args: object): unknown }>} plugins the plugins whose commands may run as jobs
 * @param {{ ask?: number }} options how long one 'job-wait' waits for the outcome: well inside web-test-runner's 20 s
 */
export function serverJobsPlugin(plugins, { ask = 10_000 } = {}) {
  const jobs = new Map();
  let next = 0;

  /** The first plugin's answer that is not undefined (web-test-runner's own rule for commands). */
  async function run(command, payload, session) {
    for (const plugin of plugins) {
      const value = await plugin.executeCommand({ command, payload, session });
      if (value !== undefined) return value;
    }
    throw new Error(`no plugin runs the command ${command}`);
  }

  return {
    name: 'server-jobs',
    async executeCommand({ command, payload, session }) {
      if (command === 'job-start') {
        const id = String(next++);
        const outcome = run(payload.command, payload.payload, session).then(
          (value) => ({ done: true, value }),
          (error) => ({ done: true, error: `${payload.command}: ${error?.message ?? error}` }),
        );
        jobs.set(id, outcome);
        return id;
      }
      if (command !== 'job-wait') return undefined;
      const outcome = jobs.get(payload.id);
      if (!outcome) return { done: true, error: `no job ${payload.id}` };
      let timer;
      const pending = new Promise((resolve) => (timer = setTimeout(() => resolve({ done: false }), ask)));
      const answer = await Promise.race([outcome, pending]);
      clearTimeout(timer);
      if (answer.done) jobs.delete(payload.id);
      return answer;
    },
  };
}

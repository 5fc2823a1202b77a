/** English: how any job (a comparison, a lesson, a sweep, the batch finder, a several-GPU run) ended. */
export const jobs = {
  stopped: 'Stopped.',
};

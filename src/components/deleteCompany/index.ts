export { DeleteCompanyLink } from './DeleteCompanyLink';
export { remainingSeconds, useCountdown } from './useCountdown';

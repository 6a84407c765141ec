import errors from './errors.js';

export default { errors };

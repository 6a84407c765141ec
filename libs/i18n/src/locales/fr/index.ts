import errors from './errors.js';
import common from './common.js';
import auth from './auth.js';
import user from './user.js';
import content from './content.js';
import consoleNs from './console.js';
import consoleMoney from './consoleMoney.js';
import consoleOperators from './consoleOperators.js';
import consoleEarn from './consoleEarn.js';
import market from './market.js';
import trade from './trade.js';
import inbox from './inbox.js';
import money from './money.js';
import records from './records.js';
import pwa from './pwa.js';
import earn from './earn.js';
import prices from './prices.js';

export default { errors, common, auth, user, content, console: consoleNs, consoleMoney, consoleOperators, consoleEarn, market, trade, inbox, money, records, pwa, earn, prices };

// The settings module's public surface: the one row of service-wide settings (rates, price per credit,
// affiliate share, low-credit threshold). Other modules import from here, never from its inner files.
export {
  type AppSettings,
  getAppSettings,
  MESSAGE_RATE_FIELD,
  type MessageCategory,
  messageRate,
  saveAppSettings,
  toAppSettingsDto,
} from './app-settings.repository.js';
export { decimalNumber, optionalBody, toDecimalText } from './common-schemas.js';

/**
 * Plain-text display of a cell value per cell kind (also used for totals, tags and tests): the
 * adapter's one formatter (schema-adapters/display), so the list reads like the form.
 */
export { displayText as cellText, formatDateValue } from '../../../../schema-adapters/display/displayText';

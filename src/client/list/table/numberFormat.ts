/** The list's number display is the adapter's, so list, sub-form, drawer and detail agree. */
export { formatNumber } from '../../../../schema-adapters/display/formatNumber';

/**
 * A row of a flow table as pg answers a `sql` read. Each repository maps it to its typed row
 * (toRow) at once, so the looseness ends in this folder. The flow tables are not in `Database`
 * yet: typing them there is the follow-up that removes this escape.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw sql rows, narrowed by each toRow
export type FlowDbRow = Record<string, any>;

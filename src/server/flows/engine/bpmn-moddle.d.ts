/** The part of bpmn-moddle (no published types) that parseBpmn uses. */
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string;
    id?: string;
    name?: string;
    $attrs?: Record<string, string>;
    [key: string]: unknown;
  }
  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<{ rootElement: ModdleElement; warnings: { message: string }[] }>;
  }
}

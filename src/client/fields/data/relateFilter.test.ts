import { describe, expect, it } from 'vitest';
import { filterObject, filterRefs, keptIds, resolveFilter } from './relateFilter';

describe('related-form filters', () => {
  it('reads object or JSON filters and their ${field} references', () => {
    expect(filterObject('{"node_type":"${kind}","state":"building"}')).toEqual({ node_type: '${kind}', state: 'building' });
    expect(filterObject('not json')).toBeUndefined();
    expect(filterRefs({ node_type: '${kind}', state: 'building' })).toEqual(['kind']);
  });
  it('fills references from the form values and keeps only ids the new filter yields', () => {
    expect(resolveFilter({ node_type: '${kind}', state: 'building' }, { kind: 'unit' })).toEqual({ node_type: 'unit', state: 'building' });
    expect(resolveFilter({ node_type: '${kind}' }, {})).toEqual({ node_type: null });
    expect(keptIds([1, 2, 3], [3, 1])).toEqual([1, 3]);
  });
});

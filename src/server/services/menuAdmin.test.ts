import { describe, expect, it } from 'vitest';
import { menuInput, menuTree } from './menuAdmin.js';
import type { MenuDto } from '../repositories/menuRepository.js';

const menu = (menuId: number, parentId: number, menuName: string, menuType = 'M'): MenuDto => ({
  menuId, parentId, menuName, menuType, orderNum: 0, component: '', path: '', formName: '', perms: '', icon: '', visible: '0', status: '0',
  isFrame: '1', target: '', query: '', routeName: '', createTime: new Date(0),
});

describe('menuInput', () => {
  it('fills the blanks of a form menu', () => {
    expect(menuInput({ parentId: 1, menuName: ' 合同 ', menuType: 'C', component: 'Auto', formName: 'contract_ledger' })).toMatchObject({
      menuName: '合同', path: '/auto/contract_ledger', routeName: 'AutoContractLedger', perms: 'auto:contract_ledger:query', isFrame: '1', visible: '0', status: '0', orderNum: 0,
    });
  });
  it('keeps what was given and clears what a type does not use', () => {
    expect(menuInput({ parentId: 1, menuName: 'x', menuType: 'C', component: 'Auto', formName: 'f', path: '/p', perms: 'a:b' })).toMatchObject({ path: '/p', perms: 'a:b' });
    expect(menuInput({ parentId: 1, menuName: 'b', menuType: 'F', component: 'x', path: '/p', formName: 'f', perms: 'a:b' })).toMatchObject({ component: '', path: '', formName: '', perms: 'a:b' });
    expect(menuInput({ parentId: 0, menuName: 'd', menuType: 'M', path: '/d', formName: 'f' })).toMatchObject({ component: 'Layout', formName: '' });
    expect(menuInput({ parentId: 1, menuName: 'l', menuType: 'C', path: 'https://x', isFrame: '0', formName: 'f' })).toMatchObject({ formName: '', isFrame: '0' });
  });
});

describe('menuTree', () => {
  it('nests by parent, puts orphans at the top and survives a cycle', () => {
    const tree = menuTree([menu(1, 0, 'a'), menu(2, 1, 'b', 'C'), menu(3, 99, 'orphan'), menu(4, 5, 'x'), menu(5, 4, 'y')]);
    expect(tree.map((n) => n.label)).toEqual(['a', 'orphan']);
    expect(tree[0].children?.map((n) => n.label)).toEqual(['b']);
  });
});

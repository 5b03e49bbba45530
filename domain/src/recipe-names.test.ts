import { recipeMaterialNames } from './recipe-names';

type Recipes = Array<{ requested_materials: Record<string, number> }>;

describe('recipeMaterialNames: each material the recipes name, once, in the order first named', () => {
  it.each<[Recipes, string[]]>([
    [[], []],
    [[{ requested_materials: {} }], []],
    [[{ requested_materials: { Flour: 4, Water: 1 } }], ['Flour', 'Water']],
    [[{ requested_materials: { Flour: 4 } }, { requested_materials: { Water: 2, Flour: 1 } }], ['Flour', 'Water']],
  ])('%j → %j', (products, names) => {
    expect(recipeMaterialNames(products)).toEqual(names);
  });
});

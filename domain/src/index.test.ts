import * as domain from './index';

describe('domain barrel', () => {
  it.each([
    'readProduct', 'readMaterial', 'readMaterials', 'readMarketStatRow', 'readGameStats', 'readGameDate', 'readUserDocument',
    'readTalents', 'toInstant', 'deriveMaterial', 'materialsTotals', 'marketStatRows', 'groupByCategory', 'categoryList',
    'productMarketCap', 'productSpread', 'requestIndexVolatility', 'productLeadTime', 'formatHomeMetric', 'formatDelta',
    'normalizePriceChange', 'formatSbc', 'formatUnitPrice', 'formatInventoryValue', 'formatValueDelta', 'formatEur',
    'formatGameDateShort', 'formatItalianDateLabel', 'formatRank', 'clampPercent', 'requestIndexAxis', 'priceAxis',
    'hasPriceTrend', 'lastDays', 'dashboardRequestLabels', 'detailDayLabels', 'slugify', 'productDocumentId', 'upperFirst',
    'parseWholeQuantity', 'validateLogin', 'validateRegister', 'validateAddProduct', 'buildNewProductDocument',
    'loginErrorMessage', 'registrationErrorMessage', 'registrationCodeFromHttpErrorText', 'addProductSuccessMessage',
    'duplicateSlugMessage', 'productNotFoundMessage', 'parseJsonText', 'formatJson', 'minifyJson', 'jsonStatusLabel',
    'jsonEditorButtons', 'exportFileName', 'validateProductForUpdate', 'filterProducts', 'filterCategories',
    'parseLightMarkup', 'productStructuredData',
  ])('exports the function %s', (name) => {
    expect(typeof (domain as Record<string, unknown>)[name]).toBe('function');
  });

  it.each(['REGISTRATION_FAILED', 'ADD_PRODUCT_ERROR_FALLBACK', 'JSON_EDITOR_MESSAGES', 'ADD_PRODUCT_DEFAULTS', 'FAQ_ITEMS', 'DEFAULT_SEO'])(
    'exports the constant %s',
    (name) => {
      expect((domain as Record<string, unknown>)[name]).toBeDefined();
    },
  );
});

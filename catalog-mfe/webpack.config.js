const { createAppConfig } = require('@shop/shared/build/webpack.cjs');

// What this remote exposes to the shell: one module per page (each default-exports a component).
const exposes = {
    './ProductPage': './src/pages/ProductPage/ProductPage.tsx',
    './CategoryPage': './src/pages/CategoryPage/CategoryPage.tsx',
    './SearchPage': './src/pages/SearchPage/SearchPage.tsx',
};

module.exports = createAppConfig({ name: 'catalog', dir: __dirname, port: 3001, exposes });

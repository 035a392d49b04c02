module.exports = require('@shop/shared/build/jest.cjs')(__dirname);

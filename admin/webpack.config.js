// The back office's build: one plain React app (no Module Federation: it shares nothing with the
// storefront's pages and loads none of their scripts). Hashed files for a year, index.html revalidated.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');

module.exports = (_env, argv) => {
  const production = argv.mode === 'production';
  return {
    // Its own folder, also when npm start's first build runs it beside other apps from the repo root.
    context: __dirname,
    entry: './src/index.tsx',
    output: {
      path: path.join(__dirname, 'dist'),
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      publicPath: '/',
      clean: true,
    },
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        { test: /\.tsx?$/, loader: 'ts-loader', options: { transpileOnly: true }, exclude: /node_modules\/(?!@shop)/ },
        {
          test: /\.module\.css$/,
          use: [
            production ? MiniCssExtractPlugin.loader : 'style-loader',
            { loader: 'css-loader', options: { modules: { namedExport: false, exportLocalsConvention: 'as-is', localIdentName: production ? '[hash:base64:6]' : '[name]__[local]' } } },
          ],
        },
        { test: /\.css$/, exclude: /\.module\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './public/index.html' }),
      ...(production ? [new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:10].css' })] : []),
    ],
    optimization: { splitChunks: { chunks: 'all' } },
    performance: { hints: false },
    devServer: {
      port: 3010,
      historyApiFallback: true,
      proxy: [{ context: ['/admin-api'], target: process.env.API_URL ?? 'http://127.0.0.1:8081' }],
    },
  };
};

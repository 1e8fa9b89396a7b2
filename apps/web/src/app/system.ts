import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  colorSwatchRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

// Chakra's colour palettes no screen uses: left out as unused recipes are, so every page load
// builds (and the page carries) about a sixth fewer CSS variables. Add a palette back when a
// screen starts using it (as a colorPalette or a token such as `pink.fg`).
const UNUSED_PALETTES = ['yellow', 'teal', 'cyan', 'pink'];
const withoutUnusedPalettes = <Colors extends object>(colors: Colors) =>
  Object.fromEntries(Object.entries(colors).filter(([palette]) => !UNUSED_PALETTES.includes(palette)));

/**
 * Chakra's default theme, but with only the recipes the console uses: `defaultConfig` ships
 * all ~75 of them (about 110 KB) in the first download (DESIGN §7). A component whose recipe is
 * missing renders unstyled, so add its recipe here when a screen starts using one.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors) },
    semanticTokens: { ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors) },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      colorSwatch: colorSwatchRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

// A calm teal. White text on `solid` (the 700 shade, a little darker than Tailwind's teal-700)
// passes 4.5:1 in both modes, also on a hovered button, which Chakra lightens by a tenth.
const brand = {
  50: '#f0fdfa',
  100: '#ccfbf1',
  200: '#99f6e4',
  300: '#5eead4',
  400: '#2dd4bf',
  500: '#14b8a6',
  600: '#0d9488',
  700: '#0d6b64',
  800: '#115e59',
  900: '#134e4a',
  950: '#042f2e',
};

const mode = (light: string, dark: string) => ({ value: { _light: light, _dark: dark } });

const consoleTheme = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.subtle', color: 'fg' },
    // Focus must be plain to see for keyboard users: 2px rings on inputs as on buttons and links,
    // and a ring on anything focusable that no recipe styles.
    html: { '--focus-ring-width': '2px' },
    ':focus-visible': { outline: '2px solid {colors.brand.focusRing}', outlineOffset: '2px' },
  },
  theme: {
    tokens: {
      colors: {
        brand: Object.fromEntries(Object.entries(brand).map(([shade, value]) => [shade, { value }])),
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: mode('{colors.brand.700}', '{colors.brand.700}'),
          contrast: mode('white', 'white'),
          fg: mode('{colors.brand.800}', '{colors.brand.300}'),
          muted: mode('{colors.brand.100}', '{colors.brand.900}'),
          subtle: mode('{colors.brand.50}', '{colors.brand.950}'),
          emphasized: mode('{colors.brand.200}', '{colors.brand.800}'),
          // At least 3:1 against the page in both modes, as a focus indicator must be.
          focusRing: mode('{colors.brand.600}', '{colors.brand.400}'),
        },
        // Chakra's defaults fall short of 4.5:1 for small text on a light page (red.500 is 3.8:1,
        // green.600 3.3:1, orange.600 3.6:1), in error messages and in the toasts' white text;
        // red.600 under white text drops below it on hover.
        fg: {
          error: mode('{colors.red.600}', '{colors.red.300}'),
          warning: mode('{colors.orange.700}', '{colors.orange.300}'),
          success: mode('{colors.green.700}', '{colors.green.300}'),
        },
        green: { solid: mode('{colors.green.700}', '{colors.green.700}') },
        orange: { solid: mode('{colors.orange.700}', '{colors.orange.700}') },
        red: { solid: mode('{colors.red.700}', '{colors.red.700}') },
      },
    },
  },
});

// One merge of the three configs (createSystem merges what it is given): merging the first two
// beforehand would copy Chakra's whole theme once more on every page load.
export const system = createSystem(defaultBaseConfig, chakraTheme, consoleTheme);

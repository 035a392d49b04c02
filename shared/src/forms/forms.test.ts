import {
  addressFormSchema,
  addressFormToInput,
  addressInputSchema,
  ADDRESS_MESSAGES as M,
  ACCOUNT_MESSAGES,
  CAPTCHA_ALPHABET,
  forgotPasswordFormSchema,
  isAcceptablePassword,
  isValidPhone,
  isValidUkPostcode,
  loginFormSchema,
  newPasswordSchema,
  normalisePostcode,
  registerFormSchema,
  createPasswordFormSchema,
  findCountry,
  GB_REGIONS,
  regionByName,
  searchRegions,
} from '.';

const form = {
  firstname: 'Jane',
  lastname: 'Mason',
  company: '',
  telephone: '+44 (0)113 496-0000',
  streetLine1: '12 Canal Wharf',
  streetLine2: '',
  city: 'Leeds',
  postcode: 'LS11 5PS',
  country_id: 'GB',
  region_id: '5002',
  default_billing: false,
  default_shipping: true,
};

/** The message zod gives for one field (first issue on that path). */
function messageFor(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, path: string) {
  return result.error?.issues.find((i) => i.path.join('.') === path)?.message;
}

describe('addressFormSchema', () => {
  it('accepts a complete UK address and sends the region id as an integer', () => {
    const parsed = addressFormSchema.parse(form);
    expect(parsed.region_id).toBe(5002);
    expect(parsed.company).toBeNull();
    const input = addressFormToInput(parsed);
    expect(input.street).toEqual(['12 Canal Wharf']);
    expect(addressInputSchema.parse(input)).toMatchObject({ region_id: 5002, street: ['12 Canal Wharf'] });
  });

  it.each([
    ['firstname', M.firstnameRequired],
    ['lastname', M.lastnameRequired],
    ['telephone', M.phoneRequired],
    ['streetLine1', M.streetRequired],
    ['city', M.cityRequired],
    ['postcode', M.postcodeRequired],
    ['country_id', M.countryRequired],
  ])('says "%s" is required with the exact message', (field, message) => {
    expect(messageFor(addressFormSchema.safeParse({ ...form, [field]: '  ' }), field)).toBe(message);
    const { [field as keyof typeof form]: _, ...without } = form;
    expect(messageFor(addressFormSchema.safeParse(without), field)).toBe(message);
  });

  it('checks the phone pattern: optional + then 7 to 20 digits, spaces, hyphens or brackets', () => {
    for (const ok of ['0113 4960000', '+44 113 496 0000', '(0113) 496-0000', '1234567', '+12345678901234567890']) {
      expect(isValidPhone(ok)).toBe(true);
    }
    for (const bad of ['123456', '++44 113 496', '0113 496 000 ext 2', '123456789012345678901', '+44.113.496']) {
      expect(isValidPhone(bad)).toBe(false);
    }
    expect(messageFor(addressFormSchema.safeParse({ ...form, telephone: 'call me' }), 'telephone')).toBe(M.phoneInvalid);
  });

  it('wants a UK postcode for GB only', () => {
    expect(messageFor(addressFormSchema.safeParse({ ...form, postcode: '12345' }), 'postcode')).toBe(M.postcodeInvalidUk);
    expect(addressFormSchema.safeParse({ ...form, country_id: 'US', region_id: '', postcode: '12345' }).success).toBe(true);
    for (const ok of ['SW1A 1AA', 'ls11 5ps', 'M1 1AE', 'B338TH', 'EC1A 1BB', 'GIR 0AA', 'CR2 6XH', 'DN55 1PT']) {
      expect(isValidUkPostcode(ok)).toBe(true);
    }
    for (const bad of ['LS1', '123 456', 'QQ1 1AA', 'LS1 1AAA', '']) {
      expect(isValidUkPostcode(bad)).toBe(false);
    }
    expect(normalisePostcode('GB', ' ls115ps ')).toBe('LS11 5PS');
    expect(normalisePostcode('US', ' 90210 ')).toBe('90210');
  });

  it('requires a region when the country has regions (GB) and not otherwise (US)', () => {
    expect(messageFor(addressFormSchema.safeParse({ ...form, region_id: '' }), 'region_id')).toBe(M.regionRequired);
    expect(messageFor(addressFormSchema.safeParse({ ...form, region_id: '999' }), 'region_id')).toBe(M.regionInvalid);
    expect(addressFormSchema.parse({ ...form, country_id: 'US', postcode: '10001', region_id: '' }).region_id).toBeNull();
  });

  it('refuses countries the shop does not deliver to', () => {
    expect(messageFor(addressFormSchema.safeParse({ ...form, country_id: 'FR' }), 'country_id')).toBe(M.countryUnsupported);
  });

  it('keeps only non-empty street lines', () => {
    const parsed = addressFormSchema.parse({ ...form, streetLine2: ' Unit 4 ' });
    expect(addressFormToInput(parsed, 7)).toMatchObject({ id: 7, street: ['12 Canal Wharf', 'Unit 4'] });
  });
});

describe('addressInputSchema (the API body)', () => {
  const input = addressFormToInput(addressFormSchema.parse(form));

  it('refuses unknown fields', () => {
    expect(addressInputSchema.safeParse({ ...input, customer_id: 99 }).success).toBe(false);
  });

  it('names the first street line when every line is empty', () => {
    expect(messageFor(addressInputSchema.safeParse({ ...input, street: ['', '  '] }), 'street.0')).toBe(M.streetRequired);
    expect(addressInputSchema.parse({ ...input, street: ['1 High St', ''] }).street).toEqual(['1 High St']);
  });
});

describe('account forms', () => {
  it('login: email (email type) and password required', () => {
    expect(loginFormSchema.safeParse({ email: 'Jane@Example.COM ', password: 'x' })).toMatchObject({
      success: true,
      data: { email: 'jane@example.com' },
    });
    expect(messageFor(loginFormSchema.safeParse({ email: '', password: 'x' }), 'email')).toBe(ACCOUNT_MESSAGES.requiredField);
    expect(messageFor(loginFormSchema.safeParse({ email: 'jane', password: 'x' }), 'email')).toBe(ACCOUNT_MESSAGES.emailInvalid);
    expect(messageFor(loginFormSchema.safeParse({ email: 'jane@example.com', password: '' }), 'password')).toBe(
      ACCOUNT_MESSAGES.requiredField,
    );
  });

  it('forgot password: email and captcha required', () => {
    expect(forgotPasswordFormSchema.safeParse({ email: 'a@b.co', captcha: 'Ab3dE5' }).success).toBe(true);
    expect(messageFor(forgotPasswordFormSchema.safeParse({ email: '', captcha: 'x' }), 'email')).toBe(ACCOUNT_MESSAGES.requiredField);
  });

  it('captcha alphabet has no look-alikes (I, O, l, 0, 1)', () => {
    expect(CAPTCHA_ALPHABET).not.toMatch(/[IOl01]/);
    expect(CAPTCHA_ALPHABET).toHaveLength(57);
  });

  it('passwords need 8 characters with letters and digits', () => {
    expect(isAcceptablePassword('abcdefg1')).toBe(true);
    expect(isAcceptablePassword('abcdefgh')).toBe(false);
    expect(isAcceptablePassword('12345678')).toBe(false);
    expect(isAcceptablePassword('abc123')).toBe(false);
    expect(newPasswordSchema.safeParse('short1').error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.passwordRules);
  });

  it('register and set-password forms want the same password twice', () => {
    const base = { firstname: 'Jane', lastname: 'Mason', email: 'jane@example.com', password: 'membrane42', passwordConfirmation: 'membrane42' };
    expect(registerFormSchema.safeParse(base).success).toBe(true);
    expect(messageFor(registerFormSchema.safeParse({ ...base, passwordConfirmation: 'membrane43' }), 'passwordConfirmation')).toBe(
      'Please enter the same password again.',
    );
    expect(createPasswordFormSchema.safeParse({ password: 'membrane42', passwordConfirmation: 'membrane42' }).success).toBe(true);
  });

  it('builds the notices of spec section 8', () => {
    expect(ACCOUNT_MESSAGES.resetLinkSent('jane@example.com')).toBe(
      'If there is an account associated with jane@example.com you will receive an email with a link to reset your password.',
    );
  });
});

describe('UK counties', () => {
  const byNation = (nation: string) => GB_REGIONS.filter((r) => r.nation === nation);

  it('lists every county of the four nations, each with a unique id and code', () => {
    expect(byNation('England')).toHaveLength(48); // ceremonial counties
    expect(byNation('Wales')).toHaveLength(22); // principal areas
    expect(byNation('Scotland')).toHaveLength(32); // council areas
    expect(byNation('Northern Ireland')).toHaveLength(6);
    expect(GB_REGIONS).toHaveLength(108);
    expect(new Set(GB_REGIONS.map((r) => r.id)).size).toBe(108);
    expect(new Set(GB_REGIONS.map((r) => r.code)).size).toBe(108);
    expect(findCountry('GB')!.regions).toEqual(GB_REGIONS);
    for (const name of ['Devon', 'Derbyshire', 'Highland', 'Powys', 'County Tyrone', 'Rutland', 'Na h-Eileanan Siar']) {
      expect(GB_REGIONS.map((r) => r.name)).toContain(name);
    }
  });

  it('keeps the ids of the counties saved addresses already hold', () => {
    expect(GB_REGIONS.find((r) => r.id === 5002)).toMatchObject({ code: 'WYK', name: 'West Yorkshire' });
    expect(GB_REGIONS.find((r) => r.id === 5015)).toMatchObject({ code: 'ANT', name: 'County Antrim' });
  });

  it('accepts an address in Devon (it had to be a wrong county before)', () => {
    const devon = GB_REGIONS.find((r) => r.name === 'Devon')!;
    expect(addressFormSchema.parse({ ...form, city: 'Exeter', postcode: 'EX1 1AA', region_id: String(devon.id) }).region_id).toBe(devon.id);
  });

  it('finds a county from what a shopper types', () => {
    expect(searchRegions('GB', 'dev').map((r) => r.name)).toEqual(['Devon']);
    expect(searchRegions('GB', 'york').map((r) => r.name)).toEqual(
      expect.arrayContaining(['North Yorkshire', 'South Yorkshire', 'West Yorkshire', 'East Riding of Yorkshire']),
    );
    expect(searchRegions('GB', 'derbys').map((r) => r.name)).toEqual(['Derbyshire']);
    expect(regionByName('GB', '  devon ')?.name).toBe('Devon');
    expect(regionByName('GB', 'Tyrone')?.name).toBe('County Tyrone');
    expect(regionByName('GB', 'Devn')).toBeUndefined();
    expect(searchRegions('US', 'dev')).toEqual([]);
  });
});

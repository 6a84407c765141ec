import { describe, expect, it } from '@jest/globals';
import { validateChangeEmail, validateChangePassword, validateForgotPassword, validateLogin, validateNewPassword, validateRegister } from './validation';
import { validateRegisterCheck } from './registerValidation';

const goodCheck = { email: 'amy@example.com', phone: '13812345678', inviteCode: 'CANDOR01', captchaCode: '1234' };
const goodReg = { password: 'abc12345', confirmPassword: 'abc12345', tradePassword: '123456', confirmTradePassword: '123456' };

describe('register step 1', () => {
  it('accepts a complete, valid form', () => {
    expect(validateRegisterCheck(goodCheck)).toEqual({});
  });
  it('asks for every empty field with its own prompt', () => {
    expect(validateRegisterCheck({ email: ' ', phone: '', inviteCode: '', captchaCode: '' })).toEqual({
      email: 'auth:required.email',
      phone: 'auth:required.phone',
      inviteCode: 'auth:required.inviteCode',
      captchaCode: 'auth:required.captchaCode',
    });
  });
  it.each([
    ['email', 'not-an-email', 'auth:invalid.email'],
    ['phone', '12812345678', 'auth:invalid.phone'],
    ['phone', '+8613812345678', undefined],
    ['inviteCode', 'ab', 'errors:INVITATION_CODE_INVALID'],
    ['captchaCode', '123', 'errors:CAPTCHA_INVALID'],
    ['captchaCode', '12345', 'errors:CAPTCHA_INVALID'],
  ] as const)('%s = %s -> %s', (field, value, key) => {
    expect(validateRegisterCheck({ ...goodCheck, [field]: value })[field]).toBe(key);
  });
  it('reads the phone in the picked country: a Taiwan mobile in TW, not in CN; a landline nowhere', () => {
    expect(validateRegisterCheck({ ...goodCheck, phone: '0912345678' }, true, 'TW').phone).toBeUndefined();
    expect(validateRegisterCheck({ ...goodCheck, phone: '0912345678' }, true, 'CN').phone).toBe('auth:invalid.phone');
    expect(validateRegisterCheck({ ...goodCheck, phone: '+886912345678' }, true, 'US').phone).toBeUndefined();
    expect(validateRegisterCheck({ ...goodCheck, phone: '0223456789' }, true, 'TW').phone).toBe('auth:invalid.phone');
  });
  it('asks for no graphic code on the path without it, and still checks the other fields', () => {
    expect(validateRegisterCheck({ ...goodCheck, captchaCode: '' }, false)).toEqual({});
    expect(validateRegisterCheck({ ...goodCheck, captchaCode: '12' }, false)).toEqual({});
    expect(validateRegisterCheck({ ...goodCheck, email: 'x', captchaCode: '' }, false)).toEqual({ email: 'auth:invalid.email' });
  });
});

describe('forgot password', () => {
  it('needs a well-formed e-mail address', () => {
    expect(validateForgotPassword({ email: ' amy@example.com ' })).toEqual({});
    expect(validateForgotPassword({ email: '  ' })).toEqual({ email: 'auth:required.email' });
    expect(validateForgotPassword({ email: 'amy@' })).toEqual({ email: 'auth:invalid.email' });
  });
});

describe('new password (reset)', () => {
  it('applies the login password rule of registration and checks the confirmation', () => {
    expect(validateNewPassword({ password: 'abc12345', confirmPassword: 'abc12345' })).toEqual({});
    expect(validateNewPassword({ password: '', confirmPassword: '' })).toEqual({
      password: 'auth:required.newPassword',
      confirmPassword: 'auth:required.confirmPassword',
    });
    expect(validateNewPassword({ password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toEqual({ password: 'auth:invalid.password' });
    expect(validateNewPassword({ password: 'abc12345', confirmPassword: 'abc12346' })).toEqual({ confirmPassword: 'errors:PASSWORD_MISMATCH' });
  });
});

describe('change e-mail', () => {
  const good = { email: 'new@example.com', password: 'secret', captchaCode: '' };
  it('needs a new, well-formed address and the login password', () => {
    expect(validateChangeEmail(good, 'old@example.com', false)).toEqual({});
    expect(validateChangeEmail({ ...good, email: 'Old@Example.com' }, 'old@example.com', false)).toEqual({ email: 'auth:invalid.sameEmail' });
    expect(validateChangeEmail({ email: 'nope', password: '', captchaCode: '' }, 'old@example.com', false)).toEqual({
      email: 'auth:invalid.email',
      password: 'auth:required.password',
    });
  });
  it('asks for the graphic code only once the server wants it', () => {
    expect(validateChangeEmail(good, 'old@example.com', true)).toEqual({ captchaCode: 'auth:required.captchaCode' });
    expect(validateChangeEmail({ ...good, captchaCode: '1234' }, 'old@example.com', true)).toEqual({});
  });
});

describe('register step 2', () => {
  it('accepts matching, valid passwords', () => {
    expect(validateRegister(goodReg)).toEqual({});
  });
  it('reports passwords that do not match', () => {
    expect(validateRegister({ ...goodReg, confirmPassword: 'abc12346' })).toEqual({ confirmPassword: 'errors:PASSWORD_MISMATCH' });
  });
  it('reports transaction passwords that do not match', () => {
    expect(validateRegister({ ...goodReg, confirmTradePassword: '654321' })).toEqual({ confirmTradePassword: 'errors:TRADE_PASSWORD_MISMATCH' });
  });
  it('asks for every empty field', () => {
    expect(validateRegister({ password: '', confirmPassword: '', tradePassword: '', confirmTradePassword: '' })).toEqual({
      password: 'auth:required.password',
      confirmPassword: 'auth:required.confirmPassword',
      tradePassword: 'auth:required.tradePassword',
      confirmTradePassword: 'auth:required.confirmTradePassword',
    });
  });
  it.each([
    ['abc1234', 'auth:invalid.password'], // 7 characters
    ['abc12345', undefined], // 8
    ['abcdefgh', 'auth:invalid.password'], // no digit
    ['12345678', 'auth:invalid.password'], // no letter
  ])('login password %s -> %s', (password, key) => {
    expect(validateRegister({ ...goodReg, password, confirmPassword: password }).password).toBe(key);
  });
  it.each([
    ['12345', 'auth:invalid.tradePassword'],
    ['123456', undefined],
    ['1234567', 'auth:invalid.tradePassword'],
    ['12345a', 'auth:invalid.tradePassword'],
  ])('transaction password %s -> %s', (tradePassword, key) => {
    expect(validateRegister({ ...goodReg, tradePassword, confirmTradePassword: tradePassword }).tradePassword).toBe(key);
  });
});

describe('login', () => {
  it('needs e-mail and password, and the captcha only when the server asked for it', () => {
    expect(validateLogin({ email: '', password: '', captchaCode: '' }, false)).toEqual({ email: 'auth:required.email', password: 'auth:required.password' });
    expect(validateLogin({ email: 'a@b.co', password: 'x', captchaCode: '' }, false)).toEqual({});
    expect(validateLogin({ email: 'a@b.co', password: 'x', captchaCode: '' }, true)).toEqual({ captchaCode: 'auth:required.captchaCode' });
    expect(validateLogin({ email: 'a@b.co', password: 'x', captchaCode: '12' }, true)).toEqual({ captchaCode: 'errors:CAPTCHA_INVALID' });
  });
});

describe('change password', () => {
  it('checks the new login password rule and the confirmation', () => {
    expect(validateChangePassword('login', { oldPassword: 'old12345', newPassword: 'new12345', confirmPassword: 'new12345' })).toEqual({});
    expect(validateChangePassword('login', { oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: 'auth:required.oldPassword',
      newPassword: 'auth:required.newPassword',
      confirmPassword: 'auth:required.confirmPassword',
    });
    expect(validateChangePassword('login', { oldPassword: 'old12345', newPassword: 'new12345', confirmPassword: 'new1234' }).confirmPassword).toBe(
      'errors:PASSWORD_MISMATCH',
    );
    expect(validateChangePassword('login', { oldPassword: 'same1234', newPassword: 'same1234', confirmPassword: 'same1234' }).newPassword).toBe(
      'auth:invalid.samePassword',
    );
  });
  it('uses the 6-digit rule and its own mismatch message for the transaction password', () => {
    expect(validateChangePassword('trade', { oldPassword: '111111', newPassword: 'abc12345', confirmPassword: 'abc12345' }).newPassword).toBe(
      'auth:invalid.tradePassword',
    );
    expect(validateChangePassword('trade', { oldPassword: '111111', newPassword: '222222', confirmPassword: '222223' }).confirmPassword).toBe(
      'errors:TRADE_PASSWORD_MISMATCH',
    );
    expect(validateChangePassword('trade', { oldPassword: '111111', newPassword: '222222', confirmPassword: '222222' })).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { matchPage } from './page-paths.ts';

describe('matchPage', () => {
  it.each([
    ['/', 'home', {}],
    ['/car/12', 'car', { id: '12' }],
    ['/car/12/', 'car', { id: '12' }],
    ['/CAR/abc', 'car', { id: 'abc' }],
    ['/search', 'search', {}],
    ['/search/volvo%20v70', 'searchTerm', { term: 'volvo v70' }],
    ['/search/a%2Fb', 'searchTerm', { term: 'a/b' }],
    ['/user/anna', 'userAds', { username: 'anna' }],
    ['/browse/cars', 'browseCars', {}],
    ['/saved/cars', 'savedCars', {}],
    ['/new/car', 'newCar', {}],
    ['/edit/car/3', 'editCar', { id: '3' }],
    ['/profile', 'profile', {}],
    ['/signup', 'signup', {}],
    ['/forgot-password', 'forgotPassword', {}],
    ['/Reset-Password/', 'resetPassword', {}],
    ['/settings', 'settings', {}],
    ['/feedback', 'feedback', {}],
    ['/new/part', 'newPart', {}],
    ['/controlpanel', 'controlPanel', {}],
    ['/notfound', 'notFound', {}],
    ['/jamfor', 'compare', {}],
    ['/mina-annonser', 'myAds', {}],
    ['/mina-annonser/svar', 'adAnswer', {}],
  ])('%s opens %s', (path, page, params) => {
    expect(matchPage(path)).toEqual({ page, params });
  });

  it.each([
    '/nope',
    '/car',
    '/car/',
    '/car/1/2',
    '/search/a/b',
    '/browse',
    '/browse/cars/x',
    '/new',
    '/forgot',
    '/reset-password/abc',
    '/index.html',
    '//car/1',
  ])('%s opens no page', (path) => {
    expect(matchPage(path)).toBeNull();
  });

  it('throws on a malformed percent-encoding in a parameter', () => {
    expect(() => matchPage('/search/%')).toThrow(URIError);
    expect(() => matchPage('/search/%E0%A4%A')).toThrow(URIError);
  });
});

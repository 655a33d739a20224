import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ITEM_LIMITS, type ErrorBody, type Item, type ItemPage } from '@freemarket/contracts';
import { waitFor } from '@freemarket/testing';
import { itemsForSale, memberProfiles, outbox } from '../src/db/schema/index.js';
import { call, seedMembers, startCommerce, type CommerceUnderTest, type Member } from './_util.js';

let sut: CommerceUnderTest;
beforeAll(async () => {
  sut = await startCommerce();
});
afterAll(() => sut?.stop());

const bike = {
  title: '  Cargo bike  ',
  description: 'Two seats, new tyres',
  photos: ['https://img.example.org/bike.jpg', '  ', ''],
  price: '450.00',
  openToNegotiate: true,
  pickupAvailable: true,
};
const list = (by: Member, body: unknown = bike) => call<Item & ErrorBody>(sut, by.id, 'POST', '/api/items-for-sale', body);
const shopOf = (viewer: Member, seller: Member, query = '') => call<ItemPage & ErrorBody>(sut, viewer.id, 'GET', `/api/items-for-sale/${seller.id}${query}`);

async function setItemsPrivacy(member: Member, itemsForSaleIsPublic: boolean): Promise<void> {
  await sut.publish('profile.updated', { profileId: randomUUID(), userId: member.id, isServiceProvider: true, isNonProfit: false, isPoliticalCandidate: false, isCommunityMember: false, itemsForSaleIsPublic });
  await waitFor('the items privacy learned', async () => (await sut.service.runtime.db.select().from(memberProfiles).where(eq(memberProfiles.userId, member.id)))[0]?.itemsForSaleIsPublic === itemsForSaleIsPublic);
}

describe('listing an item', () => {
  it('stores it for the caller with blank photos dropped, announces it, and shows it in their shop', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const listed = await list(ada!, { ...bike, userId: bob!.id });
    expect(listed.status).toBe(201);
    expect(listed.body).toMatchObject({
      userId: ada!.id,
      title: 'Cargo bike',
      photos: ['https://img.example.org/bike.jpg'],
      price: '450.00',
      openToNegotiate: true,
      openToBarter: false,
      pickupAvailable: true,
      deliveryAvailable: false,
      status: 'available',
    });
    expect((await shopOf(bob!, ada!)).body.items).toEqual([listed.body]);
    const events = await sut.service.runtime.db.select().from(outbox).where(eq(outbox.type, 'item.listed'));
    expect(events.map((e) => (e.envelope as { data: unknown }).data)).toContainEqual({ itemId: listed.body.id, userId: ada!.id });
  });

  it('takes any price numeric(10,2) holds, beyond what one card payment can be too', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    for (const price of ['0.25', '18500.00', '99999999.99']) expect((await list(ada!, { ...bike, price })).body.price).toBe(price);
  });

  it('takes an empty price as none (open to offers)', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    expect((await list(ada!, { ...bike, price: '' })).body.price).toBeNull();
    expect((await list(ada!, { ...bike, price: null })).body.price).toBeNull();
  });

  it.each([
    ['a blank title', { ...bike, title: ' ' }, /^body\.title: /],
    ['a 201-character title', { ...bike, title: 'x'.repeat(201) }, /^body\.title: /],
    ['a price with three decimals', { ...bike, price: '1.999' }, /^body\.price/],
    ['a price of zero, with one message', { ...bike, price: '0' }, /^body\.price: must be greater than 0$/],
    ['a negative price, with one message', { ...bike, price: '-5' }, /^body\.price: must be an amount like 12\.50[^;]*$/],
    ['a price beyond numeric(10,2)', { ...bike, price: '100000000.00' }, 'body.price: must be at most 99,999,999.99'],
    ['a javascript: photo', { ...bike, photos: ['javascript:alert(1)'] }, /^body\.photos\.0: /],
    ['eleven photos', { ...bike, photos: Array.from({ length: ITEM_LIMITS.photos + 1 }, (_, i) => `https://img.example.org/${i}.jpg`) }, /^body\.photos: /],
  ])('refuses %s with a 400, and stores nothing', async (_, body, message) => {
    const [ada] = await seedMembers(sut, 'Ada');
    const refused = await list(ada!, body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(message);
    expect(await sut.service.runtime.db.select().from(itemsForSale).where(eq(itemsForSale.userId, ada!.id))).toEqual([]);
  });
});

describe('changing an item', () => {
  it('lets only the seller change or delete it: 403 for another member, 404 for a missing item', async () => {
    const [ada, eve] = await seedMembers(sut, 'Ada', 'Eve');
    const { body: item } = await list(ada!);
    const change = { ...bike, title: 'Cargo bike (sold with rain cover)', price: '480.00' };
    expect(await call(sut, eve!.id, 'PUT', `/api/items-for-sale/${item.id}`, change)).toMatchObject({ status: 403, body: { message: 'Only the seller can change this item' } });
    expect((await call(sut, eve!.id, 'DELETE', `/api/items-for-sale/${item.id}`)).status).toBe(403);
    expect((await call<Item>(sut, ada!.id, 'PUT', `/api/items-for-sale/${item.id}`, change)).body).toMatchObject({ title: change.title, price: '480.00' });
    expect((await call(sut, ada!.id, 'DELETE', `/api/items-for-sale/${item.id}`)).status).toBe(204);
    expect((await call(sut, ada!.id, 'DELETE', `/api/items-for-sale/${item.id}`)).status).toBe(404);
    expect((await call(sut, ada!.id, 'PUT', `/api/items-for-sale/${randomUUID()}`, change)).status).toBe(404);
  });
});

describe('a shop', () => {
  it('pages newest first by cursor', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    for (const title of ['Lamp', 'Desk', 'Chair']) await list(ada!, { ...bike, title });
    const first = await shopOf(bob!, ada!, '?limit=2');
    const rest = await shopOf(bob!, ada!, `?limit=2&cursor=${first.body.nextCursor}`);
    expect([...first.body.items, ...rest.body.items].map((i) => i.title)).toEqual(['Chair', 'Desk', 'Lamp']);
    expect((await shopOf(bob!, ada!, '?cursor=nope')).status).toBe(400);
  });

  it('is the seller’s alone to see when their profile makes items private', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    await list(ada!);
    await setItemsPrivacy(ada!, false);
    expect(await shopOf(bob!, ada!)).toMatchObject({ status: 403, body: { message: 'This member keeps their items private' } });
    expect((await shopOf(ada!, ada!)).body.items).toHaveLength(1);
    await setItemsPrivacy(ada!, true);
    expect((await shopOf(bob!, ada!)).body.items).toHaveLength(1);
  });

  it('answers 401 to anyone not signed in', async () => {
    expect(await call(sut, null, 'GET', '/api/items-for-sale/dev-anyone')).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
  });
});

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ErasedAccountEntity } from './erased-account.entity';
import { ErasedAccountRepository } from './erased-account.repository';
import { ErasedIdentities } from './erased-identities';
import { erasedIdentitySecretProvider } from './erased-identity-secret';

/** The hashes of deleted accounts' identities: written by the deletion, read by sign-up (AuthModule). */
@Module({
  imports: [TypeOrmModule.forFeature([ErasedAccountEntity])],
  providers: [ErasedAccountRepository, ErasedIdentities, erasedIdentitySecretProvider],
  exports: [ErasedIdentities],
})
export class ErasedAccountsModule {}

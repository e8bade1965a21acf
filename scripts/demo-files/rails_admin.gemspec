# Made up for github-tui --demo: not the real file.
# -*- encoding: utf-8 -*-
require File.expand_path('../lib/rails_admin/version', __FILE__)

Gem::Specification.new do |s|
  s.name        = 'rails_admin'
  s.version     = RailsAdmin::VERSION
  s.platform    = Gem::Platform::RUBY
  s.authors     = ['Erik Michaels-Ober', 'Bogdan Gaza', 'Petteri Kaapa']
  s.email       = ['sferik@gmail.com']
  s.homepage    = 'https://github.com/sferik/rails_admin'
  s.summary     = %q{Admin for Rails}
  s.description = %q{RailsAdmin is a Rails engine that provides an easy-to-use interface for managing your data}

  s.required_rubygems_version = '>= 1.3.6'

  s.add_runtime_dependency 'builder', '~> 2.1.0'
  s.add_runtime_dependency 'rails', '~> 3.0.3'

  s.add_development_dependency 'bundler', '~> 1.0'
  s.add_development_dependency 'rspec-rails', '~> 2.4'
  s.add_development_dependency 'sqlite3-ruby', '~> 1.3'

  s.files         = `git ls-files`.split("\n")
  s.test_files    = `git ls-files -- spec/*`.split("\n")
  s.require_paths = ['lib']
end

# Made up for github-tui --demo: not the real file.
require 'rails_admin/engine'
require 'rails_admin/abstract_model'
require 'rails_admin/abstract_history'
require 'rails_admin/generic_support'
require 'rails_admin/config'

module RailsAdmin
  class AuthenticationNotConfigured < StandardError; end

  # The block run before every admin action to authenticate the user
  DEFAULT_AUTHENTICATION = Proc.new do
    warden = request.env['warden']
    if warden
      warden.authenticate!
    else
      raise AuthenticationNotConfigured, "See RailsAdmin.authenticate_with"
    end
  end

  # The block that returns the user currently signed in
  DEFAULT_CURRENT_USER = Proc.new do
    warden = request.env['warden']
    warden && warden.user
  end

  # Set the authentication block for all admin actions
  #
  # @example Custom Warden
  #   RailsAdmin.authenticate_with do
  #     warden.authenticate! :scope => :paranoid
  #   end
  def self.authenticate_with(&block)
    @authenticate = block
  end

  # Set the authorization block, run with the action and the model
  def self.authorize_with(&block)
    @authorize = block
  end

  def self.current_user_method(&block)
    @current_user = block
  end

  def self.authenticate
    @authenticate || DEFAULT_AUTHENTICATION
  end

  def self.authorize
    @authorize || Proc.new { |action, model| true }
  end

  def self.current_user
    @current_user || DEFAULT_CURRENT_USER
  end

  # The models shown, in the order of the navigation
  def self.models
    RailsAdmin::AbstractModel.all.sort_by { |model| model.pretty_name.downcase }
  end

  # Configure the models: fields, labels, what is listed
  #
  # @see RailsAdmin::Config.model
  def self.config(entity = nil, &block)
    if entity
      RailsAdmin::Config.model(entity, &block)
    elsif block_given?
      block.call(RailsAdmin::Config)
    else
      RailsAdmin::Config
    end
  end
end
